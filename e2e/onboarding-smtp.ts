import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/**
 * A real SMTP peer on loopback for the onboarding journey: the server under test gets `SMTP_URL` pointing here
 * and every accepted message is kept (recipients and raw text) for the test to read its links.
 */

export interface ReceivedMail {
  rcptTo: string[];
  raw: string;
  /** The body with quoted-printable soft line breaks joined and `=XX` escapes decoded. */
  text: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
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

/** The readable text of a raw message: quoted-printable decoded, base64 parts decoded and appended. */
function readable(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(/content-transfer-encoding:\s*base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ]
    .map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${decodeQuotedPrintable(raw)}\n${base64Parts}`;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      text(stream).then(
        (raw) => {
          received.push({
            rcptTo: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
            raw,
            text: readable(raw),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for a mail to `to` (after the first `skip` ones) whose text has a link to `prefix`; its path. */
export async function waitForLink(peer: SmtpPeer, to: string, prefix: string, skip = 0): Promise<string> {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`https?://[^\\s/"'<>]+(${escaped}[A-Za-z0-9_.~%-]+)`);
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of peer.received.slice(skip)) {
          if (!mail.rcptTo.includes(to.toLowerCase())) continue;
          const match = pattern.exec(mail.text);
          if (match?.[1]) found = match[1];
        }
        return found !== undefined;
      },
      { timeout: 30_000, interval: 250, message: `a mail to ${to} with a ${prefix} link at the SMTP peer` },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${prefix} link for ${to}`);
  return found;
}
