/**
 * Reads back what a PDF made by pdf-lib with its standard fonts shows: every piece of text with
 * its page, position, font and size, decoded from the page's content streams. Enough to check an
 * invoice without a full PDF text extractor.
 */
import {
  PDFArray,
  PDFDocument,
  StandardFonts,
  decodePDFRawStream,
  type PDFFont,
  type PDFRawStream,
} from 'pdf-lib';

export interface TextPiece {
  page: number;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  text: string;
  /** Width in points, measured with the same standard font. */
  width: number;
}

export interface PdfText {
  pdf: PDFDocument;
  pieces: TextPiece[];
  /** Each line of each page: the pieces sharing a baseline, left to right, joined by " | ". */
  rows: { page: number; y: number; text: string }[];
  /** All text of a page, rows top to bottom joined by newlines. */
  pageText(page: number): string;
}

/** Windows-1252 bytes 0x80–0x9F are not Latin-1: the few a document may hold. */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x8c: 'Œ',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x99: '™',
  0x9c: 'œ',
};

function decodeWinAnsi(hex: string): string {
  let text = '';
  for (let i = 0; i < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return text;
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await PDFDocument.load(bytes);
  const measure = await PDFDocument.create();
  const fonts: Record<'regular' | 'bold', PDFFont> = {
    regular: await measure.embedFont(StandardFonts.Helvetica),
    bold: await measure.embedFont(StandardFonts.HelveticaBold),
  };
  const pieces: TextPiece[] = [];
  pdf.getPages().forEach((page, index) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref))
        : [contents];
    const ops = streams
      .map((stream) =>
        Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'),
      )
      .join('\n');
    let font = '';
    let size = 0;
    let x = 0;
    let y = 0;
    for (const line of ops.split('\n')) {
      const args = line.trim().split(/\s+/);
      const op = args.at(-1);
      if (op === 'Tf') {
        font = args[0]!;
        size = Number(args[1]);
      } else if (op === 'Tm') {
        x = Number(args[4]);
        y = Number(args[5]);
      } else if (op === 'Tj') {
        const text = decodeWinAnsi(/<([0-9A-Fa-f]*)>/.exec(line)![1]!);
        const bold = font.includes('Bold');
        const width = (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(text, size);
        pieces.push({ page: index, x, y, size, bold, text, width });
      }
    }
  });
  const byRow = new Map<string, TextPiece[]>();
  for (const piece of pieces) {
    const key = `${piece.page}:${piece.y}`;
    byRow.set(key, [...(byRow.get(key) ?? []), piece]);
  }
  const rows = [...byRow.values()]
    .map((row) => ({
      page: row[0]!.page,
      y: row[0]!.y,
      text: row
        .sort((a, b) => a.x - b.x)
        .map((piece) => piece.text)
        .join(' | '),
    }))
    .sort((a, b) => a.page - b.page || b.y - a.y);
  return {
    pdf,
    pieces,
    rows,
    pageText: (page) =>
      rows
        .filter((row) => row.page === page)
        .map((row) => row.text)
        .join('\n'),
  };
}
