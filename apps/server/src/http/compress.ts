import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { recentlyUsed } from '../platform/recently-used.ts';

export type Encoding = 'br' | 'gzip';

/** The best encoding the client takes (`Accept-Encoding`, q=0 refusing one): Brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const taken = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    taken.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (taken.get(name) ?? taken.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

// Below this a compressed body saves less than the header costs.
const MIN_BYTES = 1024;

// The pages compressed last, by encoding and text: a vehicle's page is the same for every buyer of one language
// until it is republished, so many buyers at once cost one compression, not one each (bench/viewer-load.ts).
// Keyed by the page's text itself: the same string object asked again keeps its hash, so a lookup is cheap.
const recent = {
  br: recentlyUsed<string, Buffer>(64),
  gzip: recentlyUsed<string, Buffer>(64),
  // Sent as it is: bytes once, not the text's length counted and encoded again at every answer.
  identity: recentlyUsed<string, Buffer>(64),
};
// Accept-Encoding headers seen last: browsers send a handful of forms, each parsed once.
const encodings = recentlyUsed<string, Encoding | 'identity'>(256);

function compress(raw: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(raw, { level: 6 });
  const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
  return brotliCompressSync(raw, { params });
}

/**
 * A page written per request (the viewer's, with its manifest in it), compressed for the client. Brotli at quality
 * 5 takes a millisecond or two for a page of a few hundred kB and most of what quality 11 would save.
 */
export function compressedHtml(
  html: string,
  acceptEncoding: string | undefined,
): { data: Buffer | string; encoding?: Encoding } {
  if (html.length < MIN_BYTES && Buffer.byteLength(html) < MIN_BYTES) return { data: html };
  const header = acceptEncoding ?? '';
  const encoding = encodings.get(header) ?? encodings.set(header, preferredEncoding(acceptEncoding) ?? 'identity');
  if (encoding === 'identity')
    return { data: recent.identity.get(html) ?? recent.identity.set(html, Buffer.from(html)) };
  const pages = recent[encoding];
  return { data: pages.get(html) ?? pages.set(html, compress(Buffer.from(html), encoding)), encoding };
}
