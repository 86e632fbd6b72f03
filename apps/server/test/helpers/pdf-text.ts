import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it, read back without a system tool: each page's content stream (Flate),
 * its fonts' ToUnicode maps (pdfkit embeds one for every subset font), and the glyph strings of `Tj`/`TJ` mapped
 * through the font selected by `Tf`. Enough for our own invoices, not for any PDF.
 */

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<string, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<string, PdfObject>();
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const at = body.indexOf('stream');
    if (at < 0) {
      found.set(m[1] ?? '', { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    let from = start + at + 'stream'.length;
    if (text[from] === '\r') from += 1;
    if (text[from] === '\n') from += 1;
    const raw = pdf.subarray(from, from + length);
    found.set(m[1] ?? '', { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return found;
}

const ref = (dict: string, key: string) => new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1];

/** A ToUnicode CMap: glyph code (hex) to text, from its bfchar and bfrange sections. */
function cmap(source: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set((code ?? '').toLowerCase(), utf16(uni ?? ''));
    }
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dest] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[^>]*>)/g,
    )) {
      const first = Number.parseInt(lo ?? '0', 16);
      const last = Number.parseInt(hi ?? '0', 16);
      const width = (lo ?? '').length;
      // A ligature maps to several characters, written with spaces inside the brackets (`<0066 0069>` is "fi").
      const targets = [...(dest ?? '').matchAll(/<([0-9a-fA-F\s]+)>/g)].map((d) => (d[1] ?? '').replace(/\s/g, ''));
      for (let code = first; code <= last; code += 1) {
        const key = code.toString(16).padStart(width, '0');
        const target = dest?.startsWith('[')
          ? (targets[code - first] ?? '')
          : (Number.parseInt(targets[0] ?? '0', 16) + code - first).toString(16).padStart(4, '0');
        map.set(key, utf16(target));
      }
    }
  }
  return map;
}

export interface PdfText {
  /** Each page's text, pieces joined by a space per text operator. */
  pages: string[];
  /** The embedded fonts' PostScript names (subset prefix included). */
  fonts: string[];
}

export function pdfText(pdf: Buffer): PdfText {
  const all = objects(pdf);
  const fonts: string[] = [];
  const unicodeOf = new Map<string, Map<string, string>>();
  const fontMap = (id: string) => {
    let map = unicodeOf.get(id);
    if (!map) {
      const toUnicode = ref(all.get(id)?.dict ?? '', 'ToUnicode');
      map = cmap(toUnicode ? (all.get(toUnicode)?.stream?.toString('latin1') ?? '') : '');
      unicodeOf.set(id, map);
    }
    return map;
  };
  for (const o of all.values()) {
    const name = /\/Type\s*\/FontDescriptor[\s\S]*?\/FontName\s*\/([^\s/>]+)/.exec(o.dict)?.[1];
    if (name && ref(o.dict, 'FontFile2')) fonts.push(name);
  }
  const pages: string[] = [];
  for (const page of [...all.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict))) {
    const resources = all.get(ref(page.dict, 'Resources') ?? '')?.dict ?? page.dict;
    const fontRefs = new Map<string, string>();
    for (const [, key, id] of resources.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) fontRefs.set(key ?? '', id ?? '');
    const content = all.get(ref(page.dict, 'Contents') ?? '')?.stream?.toString('latin1') ?? '';
    let map = new Map<string, string>();
    const pieces: string[] = [];
    for (const op of content.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) map = fontMap(fontRefs.get(op[1]) ?? '');
      const hexes =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [op[3] ?? ''];
      if (op[1]) continue;
      const width = 4;
      pieces.push(
        hexes
          .map((hex) =>
            (hex.match(new RegExp(`.{${width}}`, 'g')) ?? []).map((g) => map.get(g.toLowerCase()) ?? '?').join(''),
          )
          .join(''),
      );
    }
    pages.push(pieces.join(' '));
  }
  return { pages, fonts };
}
