import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrivilegeType, UserStatus } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { findPart, parseEml } from '../platform/eml.ts';

export const PASSWORD = 'correct-horse-42';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** One argon2 hash for every fixture user: hashing is slow on purpose, the tests need not pay it each time. */
function knownHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

export interface Tenant {
  domainId: string;
  host: string;
  companyId: string;
}

/** A domain with its headquarters company. */
export async function makeTenant(
  db: Db,
  options: { host?: string; options?: Record<string, unknown>; hostFlags?: string[] } = {},
): Promise<Tenant> {
  counter += 1;
  const host = options.host ?? `t${counter}-${Date.now()}.example.test`;
  const domain = await db
    .insertInto('domains')
    .values({
      host,
      company_code: '0008',
      service_name: `Tenant ${counter}`,
      host_flags: options.hostFlags ?? [],
      options: JSON.stringify({ is_user_add: true, user_registration_limit: 1000, ...options.options }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const company = await db
    .insertInto('companies')
    .values({ domain_id: domain.id, name: `Company ${counter}`, kind: 'headquarters' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { domainId: domain.id, host, companyId: company.id };
}

export interface FixtureUser {
  id: string;
  email: string;
  password: string;
  domainId: string;
  companyId: string | null;
  privilegeType: PrivilegeType;
}

export async function makeUser(
  db: Db,
  tenant: Tenant,
  options: {
    privilegeType: PrivilegeType;
    parentUserId?: string | null;
    isPayByCredit?: boolean;
    status?: UserStatus;
    carLimit?: number | null;
    email?: string;
    companyId?: string;
    groupId?: string | null;
    name?: string;
  },
): Promise<FixtureUser> {
  counter += 1;
  const email = options.email ?? `${options.privilegeType}${counter}-${Date.now()}@example.test`;
  const companyId = options.companyId ?? tenant.companyId;
  const row = await db
    .insertInto('users')
    .values({
      domain_id: tenant.domainId,
      company_id: companyId,
      parent_user_id: options.parentUserId ?? null,
      group_id: options.groupId ?? null,
      email,
      password_hash: await knownHash(),
      name: options.name ?? `${options.privilegeType} ${counter}`,
      privilege_type: options.privilegeType,
      status: options.status ?? 'active',
      is_pay_by_credit: options.isPayByCredit ?? false,
      car_limit: options.carLimit ?? null,
      login_limit_count: null,
      payment_failed_at: null,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email,
    password: PASSWORD,
    domainId: tenant.domainId,
    companyId,
    privilegeType: options.privilegeType,
  };
}

/** Signs in through the real endpoint and answers the bearer header. */
export async function authHeader(app: FastifyInstance, user: { email: string; password: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    payload: { grant_type: 'password', username: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}

/** The product's own domain: the one its operator (master) belongs to. */
export async function makeProduct(db: Db) {
  const tenant = await makeTenant(db, { options: { is_user_add: true } });
  const master = await makeUser(db, tenant, { privilegeType: 'master' });
  return { tenant, master };
}

/**
 * Every user, group and live session, to prove a refused call changed nothing. The sign-in time is left out:
 * signing in to make the call is not the call.
 */
export async function snapshot(db: Db) {
  const users = (await db.selectFrom('users').selectAll().orderBy('id').execute()).map(
    ({ last_login_at: _signedIn, ...rest }) => rest,
  );
  const sessions = await db
    .selectFrom('auth_tokens')
    .select(['id', 'revoked_at'])
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  const groups = await db.selectFrom('groups').selectAll().orderBy('id').execute();
  return JSON.stringify({ users, groups, sessions: sessions.map((s) => s.id) });
}

/** The activation link of the newest mail to `to` in the outbox mailer's directory, if any. */
export async function activationLink(mailDir: string, to: string): Promise<string | undefined> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).sort().reverse();
  } catch {
    return undefined;
  }
  for (const file of files) {
    const mail = parseEml(await readFile(path.join(mailDir, file), 'utf8'));
    if (!(mail.headers.get('to') ?? '').includes(to)) continue;
    const text = findPart(mail, 'text/plain')?.body ?? mail.body;
    return /https?:\/\/\S+\/user\/activation\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  }
  return undefined;
}
