/**
 * Renders the manuals of the console's manual menu (`assets/manuals/`: the shared `manual-template.html` filled
 * with each manual's parts in `{name}.html`, see manual-source.ts) to the PDFs that
 * `/svnmedia/pdf/{name}_jp.pdf` serves from the first start (`assets/pdf/{name}_jp.pdf`).
 *
 * Run: `npx tsx apps/server/scripts/build-manuals.ts` (Chromium at CHROMIUM_PATH, default /usr/bin/chromium).
 *
 * Fonts: the manuals ask for MigMix 1P (Debian `fonts-migmix`: M+ and IPA Gothic, TrueType, regular and bold),
 * with Noto Sans CJK JP (`fonts-noto-cjk`) after it. Chromium's PDF writer embeds a subset of a TrueType font,
 * but draws a CFF-based OpenType font such as Noto Sans CJK as Type 3 glyph procedures: about three times the
 * size (over 700 KB for one manual) with uneven spacing. So the build refuses a PDF that came out with Type 3
 * fonts, which means MigMix was missing. Only the build machine needs the font; the PDFs carry their subsets.
 *
 * Two passes: the first PDF tells on which page each heading of the table of contents landed (Chromium writes a
 * named destination for every in-document link target); the second writes those page numbers into the table.
 * The numbers sit in a fixed-width slot, so filling them in cannot move the pages; the script checks that.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { manualSource } from './manual-source.ts';

const MANUALS = ['360car_manual', '360bike_manual', 'remote360_manual'] as const;
const SOURCE_DIR = fileURLToPath(new URL('../assets/manuals/', import.meta.url));
const OUTPUT_DIR = fileURLToPath(new URL('../assets/pdf/', import.meta.url));
/** The menu downloads these whole; a manual much larger than this has picked up an image or a font too many. */
const SIZE_BUDGET_BYTES = 600 * 1024;
const TOC_SLOT = /(<span class="pg" data-toc-page=")([^"]+)(">)[^<]*(<\/span>)/g;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await mkdir(OUTPUT_DIR, { recursive: true });
    for (const name of MANUALS) await buildManual(browser, name);
  } finally {
    await browser.close();
  }
}

async function buildManual(browser: Browser, name: (typeof MANUALS)[number]): Promise<void> {
  const source = await manualSource(SOURCE_DIR, name);
  const targets = [...source.matchAll(TOC_SLOT)].map((m) => m[2]!);
  const page = await browser.newPage();
  try {
    const draft = await render(page, source);
    const pages = headingPages(draft);
    const missing = targets.filter((id) => !pages.has(id));
    if (missing.length > 0) throw new Error(`${name}: no page found for ${missing.join(', ')}`);

    const numbered = source.replace(
      TOC_SLOT,
      (_all, open: string, id: string, close: string, end: string) => `${open}${id}${close}${pages.get(id)}${end}`,
    );
    const pdf = await render(page, numbered);
    if (/\/Subtype \/Type3\b/.test(pdf.toString('latin1'))) {
      throw new Error(
        `${name}: text was drawn as Type 3 glyphs; install the MigMix fonts (apt-get install fonts-migmix)`,
      );
    }
    const check = headingPages(pdf);
    const moved = targets.filter((id) => check.get(id) !== pages.get(id));
    if (moved.length > 0)
      throw new Error(`${name}: page numbers moved while filling the contents: ${moved.join(', ')}`);

    const out = `${OUTPUT_DIR}${name}_jp.pdf`;
    await writeFile(out, pdf);
    const { size } = await stat(out);
    const note = size > SIZE_BUDGET_BYTES ? ` — over the ${SIZE_BUDGET_BYTES / 1024} KB budget` : '';
    console.log(`${name}_jp.pdf  ${pageCount(pdf)} pages  ${(size / 1024).toFixed(0)} KB${note}`);
    if (note) process.exitCode = 1;
  } finally {
    await page.close();
  }
}

async function render(page: Page, html: string): Promise<Buffer> {
  await page.setContent(html, { waitUntil: 'load' });
  // A string, so this Node-only script needs no DOM types.
  await page.evaluate('document.fonts.ready.then(() => true)');
  return page.pdf({
    format: 'A4',
    printBackground: true,
    // The manuals set their own A4 margins, running header and page numbers with @page rules.
    preferCSSPageSize: true,
    outline: true,
    tagged: true,
  });
}

/**
 * Page number (1-based) of each named destination, read from the catalog's /Dests dictionary and the page
 * tree. Chromium (Skia) writes these objects uncompressed; if that ever changes this says so plainly.
 */
function headingPages(pdf: Buffer): Map<string, number> {
  const text = pdf.toString('latin1');
  const catalog = objectBody(text, refIn(text.slice(text.lastIndexOf('trailer')), '/Root'));
  const order = pageOrder(text, refIn(catalog, '/Pages'));
  const destsRef = catalog.match(/\/Dests (\d+) 0 R/);
  if (!destsRef) throw new Error('the PDF has no named destinations (did the contents lose their links?)');
  const dests = objectBody(text, Number(destsRef[1]));
  const result = new Map<string, number>();
  for (const m of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+) 0 R/g)) {
    const index = order.indexOf(Number(m[2]));
    if (index >= 0) result.set(decodeName(m[1]!), index + 1);
  }
  return result;
}

function pageOrder(text: string, node: number): number[] {
  const body = objectBody(text, node);
  if (!/\/Type \/Pages\b/.test(body)) return [node];
  const kids = body.match(/\/Kids \[([^\]]*)\]/);
  if (!kids) throw new Error(`page tree node ${node} has no /Kids`);
  return [...kids[1]!.matchAll(/(\d+) 0 R/g)].flatMap((k) => pageOrder(text, Number(k[1])));
}

function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

function objectBody(text: string, id: number): string {
  const start = text.search(new RegExp(`(?:^|[\\r\\n])${id} 0 obj\\b`));
  if (start < 0) throw new Error(`object ${id} not found in the PDF (compressed object streams are not read)`);
  const end = text.indexOf('endobj', start);
  return text.slice(start, end < 0 ? undefined : end);
}

function refIn(body: string, key: string): number {
  const m = body.match(new RegExp(`${key.replace('/', '\\/')} (\\d+) 0 R`));
  if (!m) throw new Error(`${key} missing`);
  return Number(m[1]);
}

/** PDF names escape unusual bytes as #xx. */
function decodeName(name: string): string {
  return name.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

await main();
