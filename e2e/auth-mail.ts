import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * The server's mail outbox (`${dataDir}/mail`, one `.eml` per message, named so that they sort by time) as the
 * sign-in browser tests read it: the newest mail to an address, its subject and plain text decoded (RFC 2047
 * words, quoted-printable or base64 bodies, the text/plain part of a multipart message). Kept beside the auth
 * tests rather than in the harness, which belongs to the test engineer.
 */

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=\s*/g, (_match, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function plainText(part: Part): string {
  const type = part.headers['content-type'] ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return part.body;
    const parts = part.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parsePart(p.replace(/^\r?\n/, '')));
    const text = parts.find((p) => /^text\/plain/i.test(p.headers['content-type'] ?? 'text/plain')) ?? parts[0];
    return text ? plainText(text) : '';
  }
  switch ((part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(part.body);
    default:
      return part.body;
  }
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const part = parsePart(await readFile(file, 'utf8'));
      return {
        file,
        to: part.headers.to ?? '',
        subject: decodeWords(part.headers.subject ?? ''),
        text: plainText(part),
      };
    }),
  );
}

/** The outbox's files now, so a later wait can insist on a mail sent after this point. */
export async function outboxFiles(dataDir: string): Promise<Set<string>> {
  return new Set((await readOutbox(dataDir)).map((m) => m.file));
}

/** Waits for the newest mail to `to` that is not in `before` and matches `test` (mails go through a job queue). */
export async function waitForMail(
  dataDir: string,
  to: string,
  before: Set<string>,
  test: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await readOutbox(dataDir)).filter(
          (m) => !before.has(m.file) && m.to.toLowerCase().includes(to.toLowerCase()) && test(m),
        );
        found = fresh.at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, interval: 250, message: `a mail to ${to} in ${dataDir}/mail` },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** The path (and query) of the first link in a mail that goes to `prefix`; the host is the server's to pick. */
export function linkPath(mail: OutboxMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s/]+(${escaped}[^\\s]*)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}
