// A printed document as data, and the one renderer that lays it on A4 pages (pdf-lib): a title, a
// few lines of text, and tables in the national paper forms' manner — a narrow section column on the
// left spanning its rows, then label | value pairs, cells drawn as ruled boxes, no input boxes.
// Any printout (a follow-up record, an agreement, an archive card) builds a PrintDocument and calls
// renderPdf: the font (a per-document subset of the CJK face), wrapping, page breaks, the page
// numbers and the fixed metadata that make the bytes depend on the document alone are here.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { subsetCjkFont } from './cjk-font';

/** One label | value pair; `span` pairs wide (a wide value takes the rest of its row). */
export interface PrintCell {
  label: string;
  value: string;
  span?: number;
}

export interface PrintSection {
  /** The left column's text, spanning the section's rows (absent: no section column for this section). */
  heading?: string;
  rows: PrintCell[][];
}

export type PrintBlock =
  /** A centred title; `size` points (16 by default; a cover's is larger). */
  | { kind: 'title'; text: string; size?: number }
  /** A line of text; `right` is set flush right on the same line. */
  | { kind: 'line'; text: string; right?: string; size?: number }
  /** `pairs` label | value pairs a row; `headingWidth` 0 leaves the section column off. */
  | { kind: 'table'; pairs: number; sections: PrintSection[]; headingWidth?: number; labelWidth?: number }
  | { kind: 'space'; height: number }
  /** Text wrapped to the page's width (an agreement's clause). */
  | { kind: 'paragraph'; text: string; size?: number }
  /** A PNG (a signature) `width` points wide, flush right, with `caption` on its left; `jpeg` when the bytes are a JPEG (an exam's photo). */
  | { kind: 'image'; png: Uint8Array; width: number; caption?: string; jpeg?: boolean }
  /**
   * A ruled table of columns under a header row (a lab report's result rows): `widths` are shares of
   * the page's width; the header is drawn again on each page the rows run onto.
   */
  | { kind: 'grid'; header: string[]; widths: number[]; rows: string[][] }
  /** What follows starts on a new page (a cover, each record of a health archive, each resident of a batch). */
  | { kind: 'pageBreak' };

export interface PrintDocument {
  title: string;
  /** Written as the PDF's creation and modification date: a date of the printed data, never "now". */
  date: Date;
  author?: string;
  subject?: string;
  blocks: PrintBlock[];
}

export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = { top: 42, bottom: 48, side: 40 } as const;
const CELL_SIZE = 9.5;
const LINE = 13;
const PAD = 4;
const BORDER = 0.6;
const FOOTER_CHARS = '第页共 0123456789/';

const pageNumber = (n: number, of: number) => `第 ${n} 页 / 共 ${of} 页`;

/** Every character the document draws (the font is cut to these). */
function textOf(doc: PrintDocument): string {
  const parts: string[] = [doc.title, FOOTER_CHARS];
  for (const b of doc.blocks) {
    if (b.kind === 'title') parts.push(b.text);
    else if (b.kind === 'line') parts.push(b.text, b.right ?? '');
    else if (b.kind === 'paragraph') parts.push(b.text);
    else if (b.kind === 'image') parts.push(b.caption ?? '');
    else if (b.kind === 'grid') parts.push(...b.header, ...b.rows.flat());
    else if (b.kind === 'table')
      for (const s of b.sections) parts.push(s.heading ?? '', ...s.rows.flat().flatMap((c) => [c.label, c.value]));
  }
  return parts.join('');
}

/**
 * A font's advance widths, one measurement per character and size (pdf-lib lays out a whole string
 * with fontkit on every call; measuring a growing line character by character was most of a page's time).
 */
export function widthsOf(font: PDFFont): (text: string, size: number) => number {
  const known = new Map<string, number>();
  return (text, size) => {
    let w = 0;
    for (const ch of text) {
      let unit = known.get(ch);
      if (unit === undefined) {
        unit = font.widthOfTextAtSize(ch, 1000);
        known.set(ch, unit);
      }
      w += unit;
    }
    return (w * size) / 1000;
  };
}

type Measure = (text: string, size: number) => number;

/** `text` broken into lines no wider than `width` (any character may end a line; newlines kept). */
export function wrap(text: string, measure: Measure, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const ch of paragraph) {
      const w = measure(ch, size);
      if (line !== '' && lineWidth + w > width) {
        lines.push(line);
        line = ch;
        lineWidth = w;
      } else {
        line += ch;
        lineWidth += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  readonly measure: Measure;
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
  ) {
    this.measure = widthsOf(font);
    this.newPage();
  }
  get width() {
    return A4.width - 2 * MARGIN.side;
  }
  newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN.top;
  }
  /** Whether nothing has been drawn on this page yet. */
  get atTop() {
    return this.y === A4.height - MARGIN.top;
  }
  /** Room for `h` more points on this page, else a new page. */
  ensure(h: number): boolean {
    if (this.y - h >= MARGIN.bottom) return false;
    this.newPage();
    return true;
  }
  text(s: string, x: number, baseline: number, size: number) {
    if (s !== '') this.page.drawText(s, { x, y: baseline, size, font: this.font, color: rgb(0, 0, 0) });
  }
  box(x: number, top: number, w: number, h: number) {
    this.page.drawRectangle({ x, y: top - h, width: w, height: h, borderColor: rgb(0, 0, 0), borderWidth: BORDER });
  }
  /** Lines of text in a box, from its top-left (or centred both ways). */
  cellText(lines: string[], x: number, top: number, w: number, h: number, centred = false) {
    const blockH = lines.length * LINE;
    const firstTop = centred ? top - (h - blockH) / 2 : top - PAD;
    lines.forEach((line, i) => {
      const lx = centred ? x + (w - this.measure(line, CELL_SIZE)) / 2 : x + PAD;
      this.text(line, lx, firstTop - i * LINE - CELL_SIZE, CELL_SIZE);
    });
  }
}

function drawTitle(w: Writer, text: string, size = 16) {
  w.ensure(size + 14);
  const x = MARGIN.side + (w.width - w.measure(text, size)) / 2;
  w.text(text, x, w.y - size, size);
  w.y -= size + 14;
}

function drawLine(w: Writer, b: Extract<PrintBlock, { kind: 'line' }>) {
  const size = b.size ?? 10;
  w.ensure(size + 8);
  w.text(b.text, MARGIN.side, w.y - size, size);
  if (b.right) w.text(b.right, MARGIN.side + w.width - w.measure(b.right, size), w.y - size, size);
  w.y -= size + 8;
}

interface LaidCell {
  x: number;
  w: number;
  lines: string[];
  label: boolean;
}

function drawTable(w: Writer, b: Extract<PrintBlock, { kind: 'table' }>) {
  const left = MARGIN.side;
  const headingW = b.headingWidth ?? 64;
  const labelW = b.labelWidth ?? 84;
  const pairW = (w.width - headingW) / b.pairs;
  const maxLines = Math.floor((A4.height - MARGIN.top - MARGIN.bottom - 2 * PAD) / LINE);
  const lay = (row: PrintCell[]): { cells: LaidCell[]; h: number } => {
    const cells: LaidCell[] = [];
    let used = 0;
    row.forEach((cell, i) => {
      const x = left + headingW + used * pairW;
      // The row's last cell takes what is left of it, so every row is the table's width.
      const span = i === row.length - 1 ? b.pairs - used : Math.min(cell.span ?? 1, b.pairs - used);
      const vw = span * pairW - labelW;
      cells.push({ x, w: labelW, lines: wrap(cell.label, w.measure, CELL_SIZE, labelW - 2 * PAD), label: true });
      cells.push({ x: x + labelW, w: vw, lines: wrap(cell.value, w.measure, CELL_SIZE, vw - 2 * PAD).slice(0, maxLines), label: false });
      used += span;
    });
    const lines = Math.max(1, ...cells.map((c) => c.lines.length));
    return { cells, h: lines * LINE + 2 * PAD };
  };
  for (const section of b.sections) {
    let top = w.y;
    const closeHeading = () => {
      if (headingW > 0 && top > w.y) {
        w.box(left, top, headingW, top - w.y);
        w.cellText(wrap(section.heading ?? '', w.measure, CELL_SIZE, headingW - 2 * PAD), left, top, headingW, top - w.y, true);
      }
    };
    for (const row of section.rows) {
      const { cells, h } = lay(row);
      if (w.y - h < MARGIN.bottom) {
        closeHeading();
        w.newPage();
        top = w.y;
      }
      for (const c of cells) {
        w.box(c.x, w.y, c.w, h);
        w.cellText(c.lines, c.x, w.y, c.w, h, false);
      }
      w.y -= h;
    }
    closeHeading();
  }
}

function drawGrid(w: Writer, b: Extract<PrintBlock, { kind: 'grid' }>) {
  const total = b.widths.reduce((s, x) => s + x, 0) || 1;
  const widths = b.header.map((_, i) => ((b.widths[i] ?? 1) / total) * w.width);
  const drawRow = (cells: string[], centred: boolean) => {
    const lines = cells.map((c, i) => wrap(c, w.measure, CELL_SIZE, widths[i]! - 2 * PAD).slice(0, 20));
    const h = Math.max(1, ...lines.map((l) => l.length)) * LINE + 2 * PAD;
    return (top: number) => {
      let x = MARGIN.side;
      lines.forEach((l, i) => {
        w.box(x, top, widths[i]!, h);
        w.cellText(l, x, top, widths[i]!, h, centred);
        x += widths[i]!;
      });
      return h;
    };
  };
  const header = drawRow(b.header, true);
  const headerH = wrapHeight(b.header, widths, w);
  w.ensure(headerH + LINE + 2 * PAD);
  w.y -= header(w.y);
  for (const row of b.rows) {
    const draw = drawRow(row, false);
    const h = wrapHeight(row, widths, w);
    if (w.y - h < MARGIN.bottom) {
      w.newPage();
      w.y -= header(w.y);
    }
    w.y -= draw(w.y);
  }
  w.y -= 6;
}

function wrapHeight(cells: string[], widths: number[], w: Writer): number {
  const lines = cells.map((c, i) => Math.min(20, wrap(c, w.measure, CELL_SIZE, widths[i]! - 2 * PAD).length));
  return Math.max(1, ...lines) * LINE + 2 * PAD;
}

function drawParagraph(w: Writer, b: Extract<PrintBlock, { kind: 'paragraph' }>) {
  const size = b.size ?? 10;
  for (const line of wrap(b.text, w.measure, size, w.width)) {
    w.ensure(size + 5);
    w.text(line, MARGIN.side, w.y - size, size);
    w.y -= size + 5;
  }
  w.y -= 3;
}

async function drawImage(w: Writer, b: Extract<PrintBlock, { kind: 'image' }>) {
  const image = b.jpeg ? await w.pdf.embedJpg(b.png) : await w.pdf.embedPng(b.png);
  // A tall photo is scaled down to fit one page.
  const maxH = A4.height - MARGIN.top - MARGIN.bottom - 8;
  let width = Math.min(b.width, w.width);
  let h = (image.height * width) / image.width;
  if (h > maxH) {
    width = (width * maxH) / h;
    h = maxH;
  }
  w.ensure(h + 4);
  const x = MARGIN.side + w.width - width;
  w.page.drawImage(image, { x, y: w.y - h, width, height: h });
  const size = 10;
  if (b.caption) w.text(b.caption, x - w.measure(b.caption, size) - 6, w.y - h / 2 - size / 2, size);
  w.y -= h + 4;
}

/** The document as PDF bytes: A4, the CJK font cut to its text, page numbers, metadata from the document only. */
export async function renderPdf(doc: PrintDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const subset = await subsetCjkFont(textOf(doc));
  const font = await pdf.embedFont(subset.bytes, { subset: false, customName: subset.name });
  pdf.setTitle(doc.title, { showInWindowTitleBar: true });
  if (doc.author) pdf.setAuthor(doc.author);
  if (doc.subject) pdf.setSubject(doc.subject);
  pdf.setCreator('phw-form-runtime');
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('zh-CN');
  pdf.setCreationDate(doc.date);
  pdf.setModificationDate(doc.date);
  const w = new Writer(pdf, font);
  for (const b of doc.blocks) {
    if (b.kind === 'title') drawTitle(w, b.text, b.size);
    else if (b.kind === 'pageBreak') {
      if (!w.atTop) w.newPage();
    } else if (b.kind === 'line') drawLine(w, b);
    else if (b.kind === 'table') drawTable(w, b);
    else if (b.kind === 'paragraph') drawParagraph(w, b);
    else if (b.kind === 'image') await drawImage(w, b);
    else if (b.kind === 'grid') drawGrid(w, b);
    else w.y -= b.height;
  }
  w.pages.forEach((page, i) => {
    const s = pageNumber(i + 1, w.pages.length);
    const size = 8;
    page.drawText(s, { x: (A4.width - w.measure(s, size)) / 2, y: MARGIN.bottom / 2, size, font });
  });
  return pdf.save({ useObjectStreams: true });
}
