import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DomainOptions } from '@spinyard/domain';
import type { Db } from '../../src/db/database.ts';
import type { SmsSender } from '../../src/platform/sms/sms-sender.ts';
import type { TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';
import { findPart, parseEml } from '../platform/eml.ts';

let hosts = 0;

/** A user in a domain of its own (so domain options and per-domain counts do not leak between tests). */
export async function userInOwnDomain(
  db: Db,
  options: Partial<DomainOptions> = {},
  user: Parameters<typeof createUser>[1] = {},
) {
  hosts += 1;
  const host = `d${hosts}-${Date.now()}.example.test`;
  const created = await createUser(db, { host, ...user });
  await setDomainOptions(db, created.domain.id, options);
  return { ...created, host };
}

export async function setDomainOptions(db: Db, domainId: string, options: Partial<DomainOptions>): Promise<void> {
  await db
    .updateTable('domains')
    .set({ options: JSON.stringify(options) })
    .where('id', '=', domainId)
    .execute();
}

export function signIn(t: TestApp, username: string, password: string, options: { ip?: string; device?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    remoteAddress: options.ip ?? '10.9.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      scope: '',
      device: options.device ?? 'Chrome on macOS',
      application: 'spinyard-console',
    }).toString(),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the outbox mailer wrote, oldest first, decoded. */
export async function outbox(t: TestApp): Promise<ReadMail[]> {
  let files: string[];
  try {
    files = (await readdir(t.mailDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const mail = parseEml(await readFile(path.join(t.mailDir, file), 'utf8'));
      return {
        to: mail.headers.get('to') ?? '',
        subject: mail.headers.get('subject') ?? '',
        text: (findPart(mail, 'text/plain')?.body ?? '').replace(/\r\n/g, '\n'),
      };
    }),
  );
}

export async function mailsTo(t: TestApp, address: string): Promise<ReadMail[]> {
  return (await outbox(t)).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

export async function lastMailTo(t: TestApp, address: string): Promise<ReadMail> {
  const mails = await mailsTo(t, address);
  const last = mails.at(-1);
  if (!last) throw new Error(`No mail to ${address}`);
  return last;
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
