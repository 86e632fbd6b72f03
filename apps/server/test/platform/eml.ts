/**
 * Just enough of RFC 5322, 2045-2047 to read back what nodemailer writes: unfolded headers with encoded words
 * decoded, multipart bodies, quoted-printable and base64. Written here so the tests check the bytes on the wire
 * instead of trusting the library that produced them.
 */
export interface ParsedPart {
  headers: Map<string, string>;
  body: string;
  parts: ParsedPart[];
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

function decodeQuotedPrintable(value: string): Buffer {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 section 6.2).
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(ENCODED_WORD, (_word, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Not a header line: ${JSON.stringify(line)}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

export function parseEml(raw: string): ParsedPart {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) throw new Error('No blank line between headers and body');
  const headers = parseHeaders(raw.slice(0, split.index));
  const rawBody = raw.slice(split.index + split[0].length);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.toLowerCase().startsWith('multipart/') ? parameter(type, 'boundary') : undefined;
  if (boundary) {
    const sections = rawBody.split(`--${boundary}`);
    // Before the first delimiter is the preamble, after the closing `--` the epilogue; the CRLF before each
    // delimiter belongs to the delimiter.
    const parts = sections.slice(1, -1).map((section) => parseEml(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, body: '', parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rawBody)
      : encoding === 'base64'
        ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64')
        : Buffer.from(rawBody, 'utf8');
  return { headers, body: bytes.toString('utf8'), parts: [] };
}

/** The first part (depth first) whose content type starts with `type`. */
export function findPart(part: ParsedPart, type: string): ParsedPart | undefined {
  if ((part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type)) return part;
  for (const child of part.parts) {
    const found = findPart(child, type);
    if (found) return found;
  }
  return undefined;
}
