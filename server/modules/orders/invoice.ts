/**
 * The invoice of an order as a PDF: a US Letter document in a standard font, laid out as a
 * table that wraps long names and flows onto as many pages as the lines need. It is written in the
 * order's language: every label, date and amount (`l(english, french)` side by side).
 *
 * The standard fonts are not embedded (no subset to keep complete): every PDF reader draws
 * Helvetica in Windows-1252, which has French's letters (é, è, à, ç, À…), « », ’, ° and the
 * no-break space that keeps "83,99 $" on one line.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import {
  CHARGED_ORDER_STATUSES,
  ORDER_NUMBER_PREFIX,
  type Order,
} from '../../../contract/orders.ts';
import { inLocale } from '../../lib/locale.ts';
import {
  addressLines,
  cardDescription,
  formatDate,
  formatMoney,
  orderStatusLabel,
  shippingMethodLabel,
  taxLabel,
} from './formatting.ts';
import { SHOP_CURRENCY, SHOP_IDENTITY } from './shop.ts';

/** US Letter, in points: the paper Canadian offices print on. */
const PAGE_SIZE: [number, number] = [612, 792];
const MARGIN = 48;
/** Height of the footer band at the bottom of every page; content stops above it. */
const FOOTER_SPACE = 40;
const CONTENT_BOTTOM = FOOTER_SPACE + 12;
const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;

const TEXT_SIZE = 9.5;
const SMALL_SIZE = 8.5;
const LINE_GAP = 3;
const CELL_PADDING = 5;

const INK = rgb(0.07, 0.07, 0.07);
const MUTED = rgb(0.36, 0.36, 0.36);
const RULE = rgb(0.82, 0.82, 0.82);
const HEADER_FILL = rgb(0.94, 0.94, 0.94);

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: Order['lines'][number]) => string;
}

/** The lines' table; a title fits its column on one line (the header row does not wrap). */
function columnsIn(locale: Locale): readonly Column[] {
  const l = inLocale(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return [
    { title: l('Item', 'Article'), width: 196, align: 'left', cell: (line) => line.name },
    { title: l('Flavour', 'Saveur'), width: 92, align: 'left', cell: (line) => line.flavor },
    { title: l('Size', 'Format'), width: 66, align: 'left', cell: (line) => line.size },
    {
      title: l('Qty', 'Qté'),
      width: 32,
      align: 'right',
      cell: (line) => String(line.quantity),
    },
    {
      title: l('Unit price', 'Prix unit.'),
      width: 62,
      align: 'right',
      cell: (line) => money(line.unitPrice),
    },
    {
      title: l('Line total', 'Montant'),
      width: 68,
      align: 'right',
      cell: (line) => money(line.lineTotal),
    },
  ];
}

/** "FN-10482" → "INV-10482": one invoice per order, numbered after it. */
export function invoiceNumber(orderNumber: string): string {
  const digits = orderNumber.startsWith(ORDER_NUMBER_PREFIX)
    ? orderNumber.slice(ORDER_NUMBER_PREFIX.length)
    : orderNumber;
  return `INV-${digits}`;
}

/** The name a downloaded invoice is saved under. */
export function invoiceFileName(orderNumber: string): string {
  return `forge-nutrition-${invoiceNumber(orderNumber).toLowerCase()}.pdf`;
}

/** The invoice of `order`, in `locale` (the language the order was placed in). */
export async function renderInvoicePdf(
  order: Order,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Uint8Array> {
  const l = inLocale(locale);
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const number = invoiceNumber(order.number);
  const paidAt = order.events.find((event) => event.status === 'paid')?.at ?? null;
  const invoiceDate = formatDate(paidAt ?? order.createdAt, locale);
  const title = l(`Invoice ${number}`, `Facture ${number}`);

  pdf.setTitle(title);
  pdf.setSubject(l(`Order ${order.number}`, `Commande ${order.number}`));
  pdf.setAuthor(SHOP_IDENTITY.legalName);
  pdf.setCreator(SHOP_IDENTITY.tradeName);
  pdf.setLanguage(locale);

  const sheet = new Sheet(pdf, fonts, title, locale);
  drawHeading(sheet, order, number, invoiceDate);
  drawAddresses(sheet, order);
  drawLines(sheet, order);
  drawTotals(sheet, order);
  drawPayment(sheet, order, paidAt);
  sheet.finish();
  return pdf.save();
}

function drawHeading(sheet: Sheet, order: Order, number: string, invoiceDate: string): void {
  const { locale } = sheet;
  const l = inLocale(locale);
  const top = sheet.y;
  sheet.text(SHOP_IDENTITY.tradeName, MARGIN, { size: 18, bold: true });
  sheet.gap(4);
  for (const line of [SHOP_IDENTITY.legalName, ...SHOP_IDENTITY.address, SHOP_IDENTITY.email]) {
    sheet.text(line, MARGIN, { size: SMALL_SIZE, color: MUTED });
  }
  for (const { label, frenchLabel, number: registration } of SHOP_IDENTITY.taxRegistrations) {
    sheet.text(`${l(label, frenchLabel)} ${registration}`, MARGIN, {
      size: SMALL_SIZE,
      color: MUTED,
    });
  }
  const left = sheet.y;

  sheet.y = top;
  const right = PAGE_SIZE[0] - MARGIN;
  sheet.text(l('INVOICE', 'FACTURE'), right, { size: 20, bold: true, align: 'right' });
  sheet.gap(6);
  const facts: [string, string][] = [
    [l('Invoice no.', 'N° de facture'), number],
    [l('Order no.', 'N° de commande'), order.number],
    [l('Invoice date', 'Date de facture'), invoiceDate],
    [l('Order date', 'Date de commande'), formatDate(order.createdAt, locale)],
    [l('Status', 'Statut'), orderStatusLabel(order.status, locale)],
    [l('Currency', 'Devise'), SHOP_CURRENCY],
  ];
  for (const [label, value] of facts) {
    const y = sheet.y;
    sheet.text(value, right, { align: 'right' });
    sheet.y = y;
    sheet.text(label, right - 175, { color: MUTED });
  }
  sheet.y = Math.min(left, sheet.y) - 22;
}

function drawAddresses(sheet: Sheet, order: Order): void {
  const { locale } = sheet;
  const l = inLocale(locale);
  const columnWidth = CONTENT_WIDTH / 2 - 12;
  const blocks = [
    {
      title: l('Bill to', 'Facturer à'),
      lines: [...addressLines(order.billingAddress), order.email],
    },
    { title: l('Ship to', 'Livrer à'), lines: addressLines(order.shippingAddress) },
  ];
  const wrapped = blocks.map((block) =>
    block.lines.flatMap((line) => sheet.wrap(line, columnWidth, TEXT_SIZE)),
  );
  sheet.ensure(sheet.lineHeight(TEXT_SIZE) * (Math.max(...wrapped.map((w) => w.length)) + 1));
  const top = sheet.y;
  let bottom = top;
  blocks.forEach((block, index) => {
    const x = MARGIN + index * (CONTENT_WIDTH / 2);
    sheet.y = top;
    sheet.text(block.title.toLocaleUpperCase(locale), x, {
      size: SMALL_SIZE,
      bold: true,
      color: MUTED,
    });
    sheet.gap(2);
    for (const line of wrapped[index]!) sheet.text(line, x);
    bottom = Math.min(bottom, sheet.y);
  });
  sheet.y = bottom - 10;
  const method = shippingMethodLabel(order.shippingMethod, locale);
  sheet.text(l(`Shipping method: ${method}`, `Mode de livraison\u00a0: ${method}`), MARGIN, {
    color: MUTED,
  });
  sheet.gap(14);
}

function drawLines(sheet: Sheet, order: Order): void {
  const columns = columnsIn(sheet.locale);
  const lineHeight = sheet.lineHeight(TEXT_SIZE);
  const header = () => {
    const height = lineHeight + 2 * CELL_PADDING;
    sheet.page.drawRectangle({
      x: MARGIN,
      y: sheet.y - height,
      width: CONTENT_WIDTH,
      height,
      color: HEADER_FILL,
    });
    sheet.y -= CELL_PADDING;
    drawRow(
      sheet,
      columns,
      columns.map((column) => [column.title]),
      { bold: true },
    );
    sheet.y -= CELL_PADDING;
  };
  sheet.ensure(2 * (lineHeight + 2 * CELL_PADDING));
  header();
  sheet.onNewPage = header;
  for (const line of order.lines) {
    const cells = columns.map((column) =>
      sheet.wrap(column.cell(line), column.width - 2 * CELL_PADDING, TEXT_SIZE),
    );
    const height = Math.max(...cells.map((cell) => cell.length)) * lineHeight + 2 * CELL_PADDING;
    sheet.ensure(height);
    sheet.y -= CELL_PADDING;
    drawRow(sheet, columns, cells, {});
    sheet.y -= CELL_PADDING;
    sheet.page.drawLine({
      start: { x: MARGIN, y: sheet.y },
      end: { x: MARGIN + CONTENT_WIDTH, y: sheet.y },
      thickness: 0.5,
      color: RULE,
    });
  }
  sheet.onNewPage = undefined;
  sheet.gap(12);
}

function drawRow(
  sheet: Sheet,
  columns: readonly Column[],
  cells: string[][],
  options: { bold?: boolean },
): void {
  const top = sheet.y;
  let bottom = top;
  let x = MARGIN;
  columns.forEach((column, index) => {
    sheet.y = top;
    const at = column.align === 'right' ? x + column.width - CELL_PADDING : x + CELL_PADDING;
    for (const part of cells[index]!) {
      sheet.text(part, at, { align: column.align, bold: options.bold ?? false });
    }
    bottom = Math.min(bottom, sheet.y);
    x += column.width;
  });
  sheet.y = bottom;
}

function drawTotals(sheet: Sheet, order: Order): void {
  const { locale } = sheet;
  const l = inLocale(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const { totals, discount } = order;
  const rows: [string, string][] = [[l('Subtotal', 'Sous-total'), money(totals.subtotal)]];
  if (totals.discount > 0) {
    const label = discount
      ? l(
          `Discount (${discount.code}, ${discount.percentOff}% off)`,
          `Rabais (${discount.code}, ${discount.percentOff}\u00a0%)`,
        )
      : l('Discount', 'Rabais');
    rows.push([label, money(-totals.discount)]);
  }
  const method = order.shippingMethod === 'express' ? 'Express' : 'Standard';
  rows.push([
    l(`Shipping (${method})`, `Livraison (${method.toLowerCase()})`),
    totals.shipping === 0 ? l('Free', 'Gratuite') : money(totals.shipping),
  ]);
  for (const tax of totals.taxes) rows.push([taxLabel(tax, locale), money(tax.amount)]);

  const lineHeight = sheet.lineHeight(TEXT_SIZE);
  sheet.ensure(lineHeight * (rows.length + 2) + 16);
  const right = PAGE_SIZE[0] - MARGIN;
  const labelX = right - 250;
  for (const [label, value] of rows) {
    const y = sheet.y;
    sheet.text(label, labelX);
    sheet.y = y;
    sheet.text(value, right, { align: 'right' });
  }
  sheet.gap(4);
  sheet.page.drawLine({
    start: { x: labelX, y: sheet.y },
    end: { x: right, y: sheet.y },
    thickness: 1,
    color: INK,
  });
  sheet.gap(6);
  const y = sheet.y;
  sheet.text(`Total (${SHOP_CURRENCY})`, labelX, { size: 12, bold: true });
  sheet.y = y;
  sheet.text(money(totals.total), right, { size: 12, bold: true, align: 'right' });
  sheet.gap(18);
}

function drawPayment(sheet: Sheet, order: Order, paidAt: string | null): void {
  const l = inLocale(sheet.locale);
  const lines = paymentLines(order, paidAt, sheet.locale);
  const notes = [
    l(
      `All amounts are in Canadian dollars (${SHOP_CURRENCY}).`,
      `Tous les montants sont en dollars canadiens (${SHOP_CURRENCY}).`,
    ),
    l(
      `Thank you for shopping with ${SHOP_IDENTITY.tradeName}. Questions about this invoice? Write to ${SHOP_IDENTITY.email}.`,
      `Merci d’avoir magasiné chez ${SHOP_IDENTITY.tradeName}. Des questions sur cette facture\u00a0? Écrivez-nous à ${SHOP_IDENTITY.email}.`,
    ),
  ].flatMap((note) => sheet.wrap(note, CONTENT_WIDTH, SMALL_SIZE));
  sheet.ensure(
    sheet.lineHeight(TEXT_SIZE) * (lines.length + 1) + sheet.lineHeight(SMALL_SIZE) * notes.length,
  );
  sheet.text(l('PAYMENT', 'PAIEMENT'), MARGIN, { size: SMALL_SIZE, bold: true, color: MUTED });
  sheet.gap(2);
  for (const line of lines) sheet.text(line, MARGIN);
  sheet.gap(10);
  for (const note of notes) sheet.text(note, MARGIN, { size: SMALL_SIZE, color: MUTED });
}

/** What paid for the order: the card, or that nothing has yet. */
function paymentLines(order: Order, paidAt: string | null, locale: Locale): string[] {
  const l = inLocale(locale);
  const { payment } = order;
  const paid = payment?.status === 'succeeded' || CHARGED_ORDER_STATUSES.includes(order.status);
  const lines: string[] = [];
  if (!paid) {
    lines.push(
      order.status === 'cancelled'
        ? l('Not charged: the order was cancelled', 'Aucuns frais\u00a0: la commande a été annulée')
        : l('Awaiting payment', 'En attente de paiement'),
    );
  } else {
    const card = payment?.card
      ? l(
          `Paid with ${cardDescription(payment.card)}`,
          `Payée par ${cardDescription(payment.card, locale)}`,
        )
      : l('Paid by card', 'Payée par carte');
    if (paidAt) {
      const date = formatDate(paidAt, locale);
      lines.push(l(`${card} on ${date}`, `${card} le ${date}`));
    } else {
      lines.push(card);
    }
  }
  if (payment && payment.refunded > 0) {
    const refunded = formatMoney(payment.refunded, locale);
    lines.push(l(`Refunded: ${refunded}`, `Remboursé\u00a0: ${refunded}`));
  }
  return lines;
}

interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: RGB;
  align?: 'left' | 'right';
}

/**
 * A cursor over the document's pages: writes text line by line from the top and starts a new
 * page (calling `onNewPage`, so a table repeats its header) when the next block does not fit.
 */
class Sheet {
  page: PDFPage;
  y = 0;
  onNewPage: (() => void) | undefined;
  private readonly charset: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly footerTitle: string,
    readonly locale: Locale,
  ) {
    this.charset = new Set(fonts.regular.getCharacterSet());
    this.page = this.addPage();
  }

  lineHeight(size: number): number {
    return size + LINE_GAP;
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensure(height: number): void {
    if (this.y - height >= CONTENT_BOTTOM) return;
    this.page = this.addPage();
    const continued = inLocale(this.locale)('(continued)', '(suite)');
    this.text(`${this.footerTitle} ${continued}`, MARGIN, {
      size: SMALL_SIZE,
      bold: true,
      color: MUTED,
    });
    this.gap(10);
    this.onNewPage?.();
  }

  /** Writes one line whose top is at the cursor, and moves the cursor below it. */
  text(value: string, x: number, options: TextOptions = {}): void {
    const size = options.size ?? TEXT_SIZE;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const printable = this.printable(value);
    const width = font.widthOfTextAtSize(printable, size);
    this.y -= size;
    this.page.drawText(printable, {
      x: options.align === 'right' ? x - width : x,
      y: this.y,
      size,
      font,
      color: options.color ?? INK,
    });
    this.y -= LINE_GAP;
  }

  /** Breaks `value` into lines no wider than `width`; a word longer than a line is cut. */
  wrap(value: string, width: number, size: number): string[] {
    const fits = (text: string) => this.fonts.regular.widthOfTextAtSize(text, size) <= width;
    const lines: string[] = [];
    let current = '';
    for (const word of this.printable(value).split(' ').filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [''];
  }

  /**
   * The text in characters the standard font can draw (Windows-1252: Latin letters with their
   * accents, such as "Açaí" or "Québec"). Anything else loses its accent when that leaves a
   * drawable letter, and otherwise becomes "?", so an unusual name never stops an invoice. Runs of
   * white space become one space, but for the no-break space (French money, "total\u00a0:"), which
   * stays and keeps what it joins on one line.
   */
  printable(value: string): string {
    let out = '';
    for (const char of value.normalize('NFC').replace(/[^\S\u00a0]+/g, ' ')) {
      if (this.charset.has(char.codePointAt(0)!)) {
        out += char;
        continue;
      }
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      const drawable = plain !== '' && [...plain].every((c) => this.charset.has(c.codePointAt(0)!));
      out += drawable ? plain : '?';
    }
    return out;
  }

  /** Numbers every page in its footer, once the page count is known. */
  finish(): void {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const numbered = inLocale(this.locale)(
        `Page ${index + 1} of ${pages.length}`,
        `Page ${index + 1} de ${pages.length}`,
      );
      const label = this.printable(
        `${SHOP_IDENTITY.tradeName} · ${this.footerTitle} · ${numbered}`,
      );
      const width = this.fonts.regular.widthOfTextAtSize(label, SMALL_SIZE);
      page.drawLine({
        start: { x: MARGIN, y: FOOTER_SPACE + 4 },
        end: { x: PAGE_SIZE[0] - MARGIN, y: FOOTER_SPACE + 4 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(label, {
        x: (PAGE_SIZE[0] - width) / 2,
        y: FOOTER_SPACE - 10,
        size: SMALL_SIZE,
        font: this.fonts.regular,
        color: MUTED,
      });
    });
  }

  private addPage(): PDFPage {
    const page = this.pdf.addPage(PAGE_SIZE);
    this.y = PAGE_SIZE[1] - MARGIN;
    return page;
  }
}
