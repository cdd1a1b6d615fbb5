import { describe, expect, test } from 'vitest';
import {
  computeOrderTotals,
  type Order,
  type OrderStatus,
  type PricedLine,
} from '../../contract/orders.ts';
import {
  invoiceFileName,
  invoiceNumber,
  renderInvoicePdf,
} from '../../server/modules/orders/invoice.ts';
import { SHOP_IDENTITY } from '../../server/modules/orders/shop.ts';
import { readPdfText } from './invoice-text.ts';

const LETTER = { width: 612, height: 792 };
const MARGIN = 48;

const montreal = {
  name: 'Élodie Açaí-Tremblay',
  line1: '1200 rue Sainte-Catherine Ouest',
  line2: 'App. 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1K9',
  country: 'CA',
  phone: '514-555-0142',
};

const toronto = {
  name: 'Sam Billing',
  line1: '100 Queen Street West',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: '416-555-0199',
};

function line(index: number, overrides: Partial<PricedLine> = {}): PricedLine {
  const quantity = overrides.quantity ?? (index % 3) + 1;
  const unitPrice = overrides.unitPrice ?? 1999 + index * 100;
  return {
    productId: `prd_${index}`,
    variantId: `var_${index}`,
    name: `Line ${index} Whey Isolate`,
    slug: `line-${index}`,
    image: null,
    brand: 'Forge',
    flavor: 'Chocolate',
    size: '2 lb',
    sku: `SKU-${index}`,
    quantity,
    unitPrice,
    lineTotal: quantity * unitPrice,
    ...overrides,
  };
}

function sampleOrder(
  options: {
    lines?: PricedLine[];
    status?: OrderStatus;
    province?: string;
    percentOff?: number;
    paid?: boolean;
    refunded?: number;
  } = {},
): Order {
  const lines = options.lines ?? [line(1), line(2)];
  const status = options.status ?? 'paid';
  const shippingAddress = { ...montreal, province: options.province ?? montreal.province };
  const percentOff = options.percentOff ?? 0;
  const totals = computeOrderTotals({
    lines,
    percentOff,
    shippingMethod: 'standard',
    province: shippingAddress.province,
  });
  const paid = options.paid ?? status !== 'pending_payment';
  return {
    id: 'ord_invoice_test',
    number: 'FN-10482',
    status,
    createdAt: '2026-11-20T15:04:00.000Z',
    payBy: null,
    email: 'elodie@example.com',
    lines,
    shippingMethod: 'standard',
    shippingAddress,
    billingAddress: toronto,
    discount: percentOff ? { code: 'FORGE-7Q2M', percentOff } : null,
    totals,
    payment: {
      id: 'pay_1',
      provider: 'test',
      status: paid ? 'succeeded' : 'requires_payment_method',
      amount: totals.total,
      currency: 'cad',
      clientSecret: null,
      lastError: null,
      card: paid ? { brand: 'visa', last4: '4242' } : null,
      refunded: options.refunded ?? 0,
    },
    shipment: null,
    events: [
      {
        type: 'placed',
        status: 'pending_payment',
        at: '2026-11-20T15:04:00.000Z',
        note: null,
        actor: 'shopper',
      },
      ...(paid
        ? [
            {
              type: 'paid',
              status: 'paid' as const,
              at: '2026-11-21T02:30:00.000Z',
              note: null,
              actor: 'provider',
            },
          ]
        : []),
    ],
    canCancel: status === 'paid',
  };
}

describe('invoice numbers', () => {
  test('follow the order number', () => {
    expect(invoiceNumber('FN-10482')).toBe('INV-10482');
    expect(invoiceFileName('FN-10482')).toBe('forge-nutrition-inv-10482.pdf');
  });
});

describe('renderInvoicePdf', () => {
  test('a Letter page with the shop, the numbers, both addresses, every line and the totals', async () => {
    const order = sampleOrder({ percentOff: 10 });
    const { pdf, rows, pageText } = await readPdfText(await renderInvoicePdf(order));

    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual(LETTER);
    expect(pdf.getTitle()).toBe('Invoice INV-10482');
    const text = pageText(0);
    const has = (row: string) => expect(rows.map((r) => r.text)).toContain(row);

    has(SHOP_IDENTITY.tradeName);
    for (const part of SHOP_IDENTITY.address) expect(text).toContain(part);
    expect(text).toContain('GST/HST registration no. 78214 5609 RT0001');
    has('INVOICE');
    has('Invoice no. | INV-10482');
    has('Order no. | FN-10482');
    // Paid late in the evening in Toronto, which is the next day in UTC: the shop's day counts.
    has('Invoice date | November 20, 2026');
    has('Order date | November 20, 2026');
    has('Currency | CAD');
    has('BILL TO | SHIP TO');
    has('Sam Billing | Élodie Açaí-Tremblay');
    expect(text).toContain('Toronto, ON M5H 2N2');
    expect(text).toContain('Montréal, QC H3B 1K9');
    expect(text).toContain('elodie@example.com');

    has('Item | Flavour | Size | Qty | Unit price | Line total');
    has('Line 1 Whey Isolate | Chocolate | 2 lb | 2 | $20.99 | $41.98');
    has('Line 2 Whey Isolate | Chocolate | 2 lb | 3 | $21.99 | $65.97');

    // 107.95 − 10.80 (10 %) = 97.15, under the free-shipping threshold; Quebec taxes on 107.14.
    has('Subtotal | $107.95');
    has('Discount (FORGE-7Q2M, 10% off) | -$10.80');
    has('Shipping (Standard) | $9.99');
    has('GST (5%) | $5.36');
    has('QST (9.975%) | $10.69');
    has('Total (CAD) | $123.19');
    expect(order.totals.total).toBe(12319);
    expect(text).toContain('Paid with Visa ending in 4242 on November 20, 2026');
    has('Forge Nutrition · Invoice INV-10482 · Page 1 of 1');
  });

  test('one tax line per tax of the shipping province, with its rate', async () => {
    const ontario = await readPdfText(await renderInvoicePdf(sampleOrder({ province: 'ON' })));
    const ontarioRows = ontario.rows.map((row) => row.text);
    expect(ontarioRows).toContain('HST (13%) | $14.03');
    expect(ontarioRows).toContain('Shipping (Standard) | Free');
    expect(ontarioRows.filter((row) => /^(GST|PST|QST|HST) \(/.test(row))).toHaveLength(1);

    const bc = await readPdfText(await renderInvoicePdf(sampleOrder({ province: 'BC' })));
    const bcRows = bc.rows.map((row) => row.text);
    expect(bcRows).toContain('GST (5%) | $5.40');
    expect(bcRows).toContain('PST (7%) | $7.56');
  });

  test('an unpaid order says it awaits payment, a refunded one how much went back', async () => {
    const unpaid = await readPdfText(
      await renderInvoicePdf(sampleOrder({ status: 'pending_payment' })),
    );
    expect(unpaid.pageText(0)).toContain('Awaiting payment');
    expect(unpaid.pageText(0)).not.toContain('Paid with');
    expect(unpaid.rows.map((row) => row.text)).toContain('Status | Awaiting payment');

    const refunded = await readPdfText(
      await renderInvoicePdf(sampleOrder({ status: 'refunded', refunded: 12_319 })),
    );
    expect(refunded.pageText(0)).toContain('Paid with Visa ending in 4242');
    expect(refunded.pageText(0)).toContain('Refunded: $123.19');
  });

  test('60 lines flow onto more pages, each with the table header and a page number', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => line(index + 1));
    const { pdf, rows, pieces } = await readPdfText(await renderInvoicePdf(sampleOrder({ lines })));
    const pages = pdf.getPageCount();

    expect(pages).toBeGreaterThan(1);
    for (let page = 0; page < pages; page++) {
      const texts = rows.filter((row) => row.page === page).map((row) => row.text);
      expect(texts).toContain('Item | Flavour | Size | Qty | Unit price | Line total');
      expect(texts).toContain(`Forge Nutrition · Invoice INV-10482 · Page ${page + 1} of ${pages}`);
    }
    for (const { name } of lines) {
      expect(pieces.filter((piece) => piece.text === name)).toHaveLength(1);
    }
    const last = rows.filter((row) => row.page === pages - 1).map((row) => row.text);
    expect(last.some((row) => row.startsWith('Total (CAD) | '))).toBe(true);
    // Nothing is drawn over the footer band or off the page.
    for (const piece of pieces) {
      if (piece.text.startsWith('Forge Nutrition · Invoice')) continue;
      expect(piece.y).toBeGreaterThan(52);
    }
  });

  test('a long name wraps inside its column, accents print and other characters never crash', async () => {
    const long =
      'Ultra Premium Grass-Fed Whey Protein Isolate with Digestive Enzymes, Colostrum and a Name Far Longer Than Any Column';
    const lines = [
      line(1, { name: long, flavor: 'Crème brûlée Supercalifragilisticexpialidocious' }),
      line(2, { name: 'Açaí Berry Pre-Workout', flavor: 'Phở spice 💪 蛋白粉' }),
    ];
    const { pieces, pageText } = await readPdfText(await renderInvoicePdf(sampleOrder({ lines })));
    const text = pageText(0);

    expect(text).toContain('Açaí Berry Pre-Workout');
    expect(text).toContain('Montréal, QC H3B 1K9');
    expect(text).toContain('Élodie Açaí-Tremblay');
    expect(text).toContain('Pho spice ? ???');

    const nameParts = pieces.filter((piece) => long.includes(piece.text) && piece.x < 60);
    expect(nameParts.length).toBeGreaterThan(1);
    expect(nameParts.map((piece) => piece.text).join(' ')).toBe(long);
    for (const piece of pieces) {
      expect(piece.x + piece.width).toBeLessThanOrEqual(LETTER.width - MARGIN + 0.01);
    }
    // The Item column is 196 points wide; its text never runs into the Flavour column.
    for (const piece of nameParts) expect(piece.x + piece.width).toBeLessThan(MARGIN + 196);
    const flavourParts = pieces.filter((piece) => piece.x > MARGIN + 196 && piece.x < MARGIN + 250);
    for (const piece of flavourParts) {
      expect(piece.x + piece.width).toBeLessThan(MARGIN + 196 + 92);
    }
    expect(flavourParts.map((piece) => piece.text).join('')).toContain('Supercalifragilistic');
  });
});
