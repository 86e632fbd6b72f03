import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text as streamText } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { findPart, parseEml } from '../apps/server/test/platform/eml.ts';

/**
 * The mail the server under test sends, as the browser tests read it: from its outbox folder (`${dataDir}/mail`,
 * one `.eml` per message, named so that they sort by time: the default mailer) or from a real SMTP peer on
 * loopback (the server started with `SMTP_URL` pointing at it). Both carry the message nodemailer composed, so one
 * reader serves both: the server tests' (apps/server/test/platform/eml.ts), for the subject and the plain text.
 * Kept beside the tests rather than in the harness, which belongs to the test engineer.
 */

export interface Mail {
  /** Unique within its mailbox, and in the order the mails arrived. */
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  /** Every mail so far, oldest first. */
  mails(): Promise<Mail[]>;
}

export interface SmtpPeer extends Mailbox {
  url: string;
  close(): Promise<void>;
}

/** A message as the tests read it: its subject decoded and its plain text (a multipart's text/plain part). */
function parseMail(id: string, raw: string): Mail {
  const message = parseEml(raw);
  const text = findPart(message, 'text/plain') ?? message.parts[0] ?? message;
  return { id, to: message.headers.get('to') ?? '', subject: message.headers.get('subject') ?? '', text: text.body };
}

/** The outbox of a server that runs with the default mailer. */
export function outbox(dataDir: string): Mailbox {
  const dir = path.join(dataDir, 'mail');
  return {
    async mails() {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          return parseMail(file, await readFile(file, 'utf8'));
        }),
      );
    },
  };
}

/** An SMTP peer on loopback that keeps every message it accepts; give the server its `url` as `SMTP_URL`. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      streamText(stream).then(
        (raw) => {
          received.push(parseMail(`smtp-${String(received.length).padStart(6, '0')}`, raw));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails: async () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mails there now, so a later wait can insist on a mail sent after this point. */
export async function mailIds(box: Mailbox): Promise<Set<string>> {
  return new Set((await box.mails()).map((m) => m.id));
}

/** Waits for the newest mail to `to` that is not in `before` and matches `test` (mails go through a job queue). */
export async function waitForMail(
  box: Mailbox,
  to: string,
  before: Set<string> = new Set(),
  test: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await box.mails()).filter(
          (m) => !before.has(m.id) && m.to.toLowerCase().includes(to.toLowerCase()) && test(m),
        );
        found = fresh.at(-1);
        return found !== undefined;
      },
      { timeout: 30_000, interval: 250, message: `a mail to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** The path (and query) of the first link in a mail that goes to `prefix`; the host is the server's to pick. */
export function linkPath(mail: Mail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s/]+(${escaped}[^\\s]*)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** Waits for the newest mail to `to`, sent after `before`, with a link to `prefix`; that link's path. */
export async function waitForLink(
  box: Mailbox,
  to: string,
  prefix: string,
  before: Set<string> = new Set(),
): Promise<string> {
  return linkPath(await waitForMail(box, to, before, (m) => m.text.includes(prefix)), prefix);
}
