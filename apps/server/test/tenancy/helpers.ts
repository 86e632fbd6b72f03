import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrivilegeType } from '@spinyard/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import type { TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';
import { findPart, parseEml } from '../platform/eml.ts';

export interface SignedInUser {
  id: string;
  email: string;
  token: string;
  domainId: string;
  companyId: string;
}

let ipCounter = 0;

/** Signs in through the real token endpoint; each sign-in from its own address so no rate limit interferes. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  ipCounter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    remoteAddress: `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: email, password, device: 'test' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** A signed-in user of the given role on the given host (the domain is created on first use). */
export async function userOn(
  t: TestApp,
  options: { host: string; companyCode: string; privilegeType: PrivilegeType },
): Promise<SignedInUser> {
  const user = await createUser(t.db, options);
  const token = await signIn(t.app, user.email, user.password);
  return { id: user.id, email: user.email, token, domainId: user.domain.id, companyId: user.company.id };
}

/** The product's operator: master on the product domain (company code 0006). */
export function masterOf(t: TestApp): Promise<SignedInUser> {
  return userOn(t, { host: 'spinyard.example.test', companyCode: '0006', privilegeType: 'master' });
}

export function call(
  app: FastifyInstance,
  token: string | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

let codeCounter = 100;

/** A fresh 4-digit company code for each domain a test registers. */
export function nextCompanyCode(): string {
  codeCounter += 1;
  return String(2000 + codeCounter).padStart(4, '0');
}

export function domainBody(overrides: Record<string, unknown> = {}) {
  const code = nextCompanyCode();
  return {
    host: `dealer-${code}.example.test`,
    company_code: code,
    service_name: `Dealer ${code}`,
    host_flags: [],
    options: {},
    super_user: { email: `super-${code}@example.test`, name: `Super ${code}` },
    ...overrides,
  };
}

/** Rows of a table as plain JSON, to compare before and after a refused request. */
export async function snapshot(db: Db, table: 'domains' | 'companies' | 'users', domainId: string): Promise<string> {
  const rows = await db
    .selectFrom(table)
    .selectAll()
    .where('domain_id' as never, '=', domainId as never)
    .execute();
  return JSON.stringify(rows, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value));
}

export async function domainRowSnapshot(db: Db, domainId: string): Promise<string> {
  const rows = await db.selectFrom('domains').selectAll().where('id', '=', domainId).execute();
  return JSON.stringify(rows);
}

/** Vehicles registered directly (the contents API comes later): `n` rows owned by the user. */
export async function insertContents(
  db: Db,
  options: { domainId: string; ownerUserId: string; n: number; publication?: string },
): Promise<void> {
  const rows = Array.from({ length: options.n }, (_, i) => ({
    domain_id: options.domainId,
    owner_user_id: options.ownerUserId,
    creator_user_id: options.ownerUserId,
    management_id: `car-${options.ownerUserId}-${Date.now()}-${Math.random().toString(36).slice(2)}-${i}`,
    publication: options.publication ?? 'unpublished',
  }));
  if (rows.length > 0) await db.insertInto('contents').values(rows).execute();
}

// ---- Pictures -----------------------------------------------------------------------------------------------

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

export function gif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 160, b: 60 } } })
    .gif()
    .toBuffer();
}

export const base64 = (data: Buffer): string => data.toString('base64');

/** The activation link of the newest mail to `to` in the outbox. */
export async function activationLinkFor(mailDir: string, to: string): Promise<string | undefined> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const mail = parseEml(await readFile(path.join(mailDir, file), 'utf8'));
    if (!(mail.headers.get('to') ?? '').includes(to)) continue;
    const text = findPart(mail, 'text/plain')?.body ?? mail.body;
    return /https?:\/\/\S+\/user\/activation\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  }
  return undefined;
}
