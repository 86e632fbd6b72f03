import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  formatMoney,
  type InvoiceLine,
  type InvoiceTotals,
  LATE_FEE_ANNUAL_RATE,
  type Locale,
  type PlanFormCurrency,
  periodLastDay,
} from '@spinyard/domain';
import type * as fontkit from 'fontkit';
import { INVOICE_LABELS, type InvoiceLabels } from './invoice-labels.ts';

/**
 * The invoice as a PDF (pdfkit, Noto Sans JP from npm so Japanese is set with a real Japanese font on every node:
 * pdf-lib mis-set it). A port-less adapter like platform/media: the invoices module hands over the document frozen
 * at issue and a language, and gets the file's bytes; nothing here reads the database.
 */

/** What an invoice said when it was issued (invoices.document): never recomputed, only shown. */
export interface InvoiceDocument {
  number: string;
  issued_at: string;
  period_start: string | null;
  period_end: string | null;
  currency: PlanFormCurrency;
  status: 'paid' | 'open' | 'void';
  plan_id: string;
  /** The plan's name when issued (absent on invoices issued before it was kept). */
  plan_name?: string;
  issuer: { name: string; address: string; registration_number: string };
  customer: { user_id: string; company_name: string; name: string; email: string };
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

const require = createRequire(import.meta.url);
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));

interface Fonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}
/**
 * pdfkit and fontkit loaded on the first invoice, not at the server's start: with the brotli and inflate code
 * fontkit pulls in, about a tenth of a boot's CPU, paid by every test server that never renders a PDF.
 * The fonts are parsed once per process: reading the 5 MB font for every document tripled a month-end run's time
 * (about 130 ms a PDF instead of 45 under the same load). pdfkit takes a parsed font as a source; its types know
 * only files.
 */
async function importPdfKit() {
  const [pdfkit, fontkit] = await Promise.all([import('pdfkit'), import('fontkit')]);
  const fonts: Fonts = {
    regular: fontkit.create(readFileSync(path.join(FONT_DIR, '400Regular/NotoSansJP_400Regular.ttf'))),
    bold: fontkit.create(readFileSync(path.join(FONT_DIR, '700Bold/NotoSansJP_700Bold.ttf'))),
  };
  return { PDFDocument: pdfkit.default, fonts };
}
let loaded: ReturnType<typeof importPdfKit> | undefined;
const loadPdfKit = () => {
  if (!loaded) {
    loaded = importPdfKit();
    // A failed load (a font file unreadable) is tried again by the next invoice.
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
};
const asSource = (font: fontkit.Font) => font as unknown as PDFKit.Mixins.PDFFontSource;

const MARGIN = 48;
const COLUMNS = [
  { key: 'description', x: MARGIN, width: 222, align: 'left' },
  { key: 'quantity', x: 274, width: 40, align: 'right' },
  { key: 'unitPrice', x: 318, width: 88, align: 'right' },
  { key: 'taxRate', x: 410, width: 50, align: 'right' },
  { key: 'amount', x: 464, width: 83, align: 'right' },
] as const;
const ROW_GAP = 4;
/** Room kept under the last row for the page number. */
const FOOTER = 36;

const percent = (rate: number) => String(Math.round(rate * 1000) / 10);
const fill = (template: string, rate: number) => template.replace('{rate}', percent(rate));

function dateOf(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
}

/** A period to its last day included, as every display of it counts it (periodLastDay). */
function periodOf(d: InvoiceDocument, locale: Locale): string | undefined {
  if (!d.period_start || !d.period_end) return undefined;
  const last = periodLastDay(new Date(d.period_end)).toISOString();
  return `${dateOf(d.period_start, locale)} – ${dateOf(last, locale)}`;
}

/** Only an invoice carrying the issuer's registration number is a qualified invoice, and only then says so. */
const titleOf = (d: InvoiceDocument, l: InvoiceLabels) => (d.issuer.registration_number ? l.title : l.plainTitle);

function header(doc: PDFKit.PDFDocument, d: InvoiceDocument, l: InvoiceLabels, locale: Locale, f: Fonts): void {
  doc.font(asSource(f.bold)).fontSize(20).text(titleOf(d, l), MARGIN, MARGIN);
  doc.font(asSource(f.regular)).fontSize(9);
  const right = { width: 230, align: 'right' as const };
  const rx = doc.page.width - MARGIN - right.width;
  let y = MARGIN;
  for (const line of [
    `${l.number}: ${d.number}`,
    `${l.issued}: ${dateOf(d.issued_at, locale)}`,
    d.issuer.name,
    d.issuer.address,
    d.issuer.registration_number ? `${l.registration}: ${d.issuer.registration_number}` : '',
  ]) {
    if (!line) continue;
    doc.text(line, rx, y, right);
    y = doc.y + 1;
  }
  doc.font(asSource(f.bold)).fontSize(12);
  let cy = MARGIN + 40;
  if (d.customer.company_name) {
    doc.text(`${d.customer.company_name}${l.companySuffix}`, MARGIN, cy, { width: 260 });
    cy = doc.y + 2;
  }
  doc.font(asSource(f.regular)).fontSize(10).text(`${d.customer.name}${l.personSuffix}`, MARGIN, cy, { width: 260 });
  const period = periodOf(d, locale);
  if (period) doc.text(`${l.period}: ${period}`, MARGIN, doc.y + 4, { width: 260 });
  doc.y = Math.max(doc.y, y) + 16;
}

function tableHead(doc: PDFKit.PDFDocument, l: InvoiceLabels, f: Fonts): void {
  const y = doc.y;
  doc.font(asSource(f.bold)).fontSize(9);
  for (const c of COLUMNS) doc.text(l[c.key], c.x, y, { width: c.width, align: c.align });
  const bottom = doc.y + 2;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(doc.page.width - MARGIN, bottom)
    .lineWidth(0.7)
    .stroke();
  doc.font(asSource(f.regular)).fontSize(9);
  doc.y = bottom + ROW_GAP;
}

/** Starts a new page when `height` no longer fits above the footer; answers whether it did. */
function ensureRoom(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= doc.page.height - MARGIN - FOOTER) return false;
  doc.addPage();
  doc.y = MARGIN;
  return true;
}

/** A line's words in the invoice's language: the plan's name and what the line is, or the late fee's own words. */
function lineText(line: InvoiceDocument['lines'][number], l: InvoiceLabels, locale: Locale): string {
  if (line.note === 'late_fee') {
    const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(LATE_FEE_ANNUAL_RATE * 100);
    return l.notes.late_fee.replace('{rate}', rate);
  }
  return line.note ? `${line.description}${l.notes[line.note]}` : line.description;
}

function lines(doc: PDFKit.PDFDocument, d: InvoiceDocument, l: InvoiceLabels, locale: Locale, f: Fonts): void {
  tableHead(doc, l, f);
  const money = (amount: number) => formatMoney(amount, d.currency, locale);
  for (const line of d.lines) {
    const cells = {
      description: lineText(line, l, locale),
      quantity: String(line.quantity),
      unitPrice: money(line.unit_amount),
      taxRate: line.tax_rate > 0 ? `${percent(line.tax_rate)}%` : '—',
      amount: money(line.amount),
    };
    const height = doc.heightOfString(cells.description, { width: COLUMNS[0].width });
    if (ensureRoom(doc, height + ROW_GAP)) tableHead(doc, l, f);
    const y = doc.y;
    for (const c of COLUMNS) doc.text(cells[c.key], c.x, y, { width: c.width, align: c.align });
    doc.y = y + height + ROW_GAP;
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(0.7)
    .stroke();
  doc.y += 8;
}

function totals(doc: PDFKit.PDFDocument, d: InvoiceDocument, l: InvoiceLabels, locale: Locale, f: Fonts): void {
  const money = (amount: number) => formatMoney(amount, d.currency, locale);
  const t = d.totals;
  const rows: [string, string, boolean][] = [];
  for (const r of t.tax_by_rate) {
    rows.push([fill(l.taxableAt, r.rate), money(r.taxable), false]);
    rows.push([fill(l.taxAt, r.rate), money(r.tax), false]);
  }
  if (t.outside_tax !== 0) rows.push([l.outsideTax, money(t.outside_tax), false]);
  rows.push([l.subtotal, money(t.total_without_tax), false]);
  rows.push([l.tax, money(t.tax), false]);
  rows.push([l.total, money(t.total_with_tax), true]);
  ensureRoom(doc, rows.length * 16 + 24);
  for (const [label, value, bold] of rows) {
    const y = doc.y;
    doc.font(asSource(bold ? f.bold : f.regular)).fontSize(bold ? 11 : 9);
    doc.text(label, 260, y, { width: 200, align: 'right' });
    doc.text(value, 464, y, { width: 83, align: 'right' });
    doc.y = Math.max(doc.y, y + 14);
  }
  if (d.status === 'paid')
    doc
      .font(asSource(f.regular))
      .fontSize(9)
      .text(l.paid, MARGIN, doc.y + 10);
}

/** Page numbers once every page exists ("1 / 3"), at the foot of each. */
function pageNumbers(doc: PDFKit.PDFDocument, l: InvoiceLabels, d: InvoiceDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const text = `${d.number}  ${l.page} ${i + 1} / ${range.count}`;
    // Writing inside the bottom margin would make pdfkit open a page of its own: the margin is lifted meanwhile.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .text(text, MARGIN, doc.page.height - MARGIN, { width: doc.page.width - 2 * MARGIN, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
}

/** The invoice in `locale` as PDF bytes: A4, Japanese-capable font, per-rate totals, as many pages as its lines. */
export async function renderInvoicePdf(d: InvoiceDocument, locale: Locale): Promise<Buffer> {
  const { PDFDocument, fonts: f } = await loadPdfKit();
  const l = INVOICE_LABELS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // The default font (Helvetica) is never used: naming ours skips loading it for every document.
    font: asSource(f.regular) as string,
    info: { Title: `${titleOf(d, l)} ${d.number}`, Author: d.issuer.name },
    lang: locale,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, d, l, locale, f);
  lines(doc, d, l, locale, f);
  totals(doc, d, l, locale, f);
  pageNumbers(doc, l, d);
  doc.end();
  return done;
}
