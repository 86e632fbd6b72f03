import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender } from '../../src/platform/sms/sms-sender.ts';
import { findPart, parseEml } from '../platform/eml.ts';

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the outbox mailer wrote to `mailDir`, oldest first, decoded. */
export async function outbox(mailDir: string): Promise<ReadMail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const mail = parseEml(await readFile(path.join(mailDir, file), 'utf8'));
      return {
        to: mail.headers.get('to') ?? '',
        subject: mail.headers.get('subject') ?? '',
        text: (findPart(mail, 'text/plain')?.body ?? mail.body).replace(/\r\n/g, '\n'),
      };
    }),
  );
}

export async function mailsTo(mailDir: string, address: string): Promise<ReadMail[]> {
  return (await outbox(mailDir)).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

export async function lastMailTo(mailDir: string, address: string): Promise<ReadMail> {
  const last = (await mailsTo(mailDir, address)).at(-1);
  if (!last) throw new Error(`No mail to ${address}`);
  return last;
}

/** The activation link of the newest mail to `to`, if any. */
export async function activationLink(mailDir: string, to: string): Promise<string | undefined> {
  const last = (await mailsTo(mailDir, to)).at(-1);
  return last && /https?:\/\/\S+\/user\/activation\/[A-Za-z0-9_-]+/.exec(last.text)?.[0];
}

export function codeIn(text: string): string {
  const match = /認証コード: (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`No code in ${text}`);
  return match[1];
}

export function linkIn(text: string, pathPrefix: string): string {
  const match = new RegExp(`(https?://[^\\s]+${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${pathPrefix} link in ${text}`);
  return match[1];
}

/** An SMS backend that keeps what it was given (or fails when told to). */
export function recordingSms(): SmsSender & { sent: { to: string; text: string }[]; failing: boolean } {
  const sms = {
    sent: [] as { to: string; text: string }[],
    failing: false,
    async send(to: string, text: string) {
      if (sms.failing) throw new Error('provider down');
      sms.sent.push({ to, text });
    },
  };
  return sms;
}
