import { randomBytes, randomUUID } from 'node:crypto';
import type { DomainOptions, PrivilegeType } from '@spinyard/domain';
import type { Db } from '../../src/db/database.ts';
import type { NewUser, UserUpdate } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { authRepo } from '../../src/modules/auth/repo.ts';
import { newToken } from '../../src/modules/auth/tokens.ts';
import { type CompanyFields, type CompanyKind, tenancyRepo } from '../../src/modules/tenancy/repo.ts';
import { groupsRepo } from '../../src/modules/users/groups-repo.ts';
import { usersRepo } from '../../src/modules/users/repo.ts';
import { factoryUpdates } from './factory-updates.ts';
import { vehicleFactory } from './factory-vehicles.ts';

/**
 * The one place server tests create their rows. The builders write through the repository of the area that owns
 * the table, so a test's data has the shape the product itself writes; defaults make each row valid and unique,
 * and any column can be overridden.
 */

export const PASSWORD = 'correct-horse-42';

// Unique per test file (each file is its own module graph and its own database), and readable in a failure.
const run = randomBytes(3).toString('hex');
let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/** A fresh e-mail address: `label-N-run@example.test`. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${next()}-${run}@example.test`;
}

/** A fresh host name under example.test. */
export function uniqueHost(label = 'dealer'): string {
  return `${label}-${next()}-${run}.example.test`;
}

let codes = 2100;
/** A 4-digit company code no other domain of this file has (API bodies and factory rows draw from one counter). */
export function nextCompanyCode(): string {
  codes += 1;
  return String(codes);
}

// argon2 is slow on purpose; tests pay it once per distinct password, not once per user.
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface Tenant {
  domainId: string;
  host: string;
  companyCode: string;
  serviceName: string;
  /** The domain's headquarters. */
  companyId: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  domainId: string;
  host: string;
  companyId: string | null;
  privilegeType: PrivilegeType;
  /** Where the user was made: pass it on to make colleagues. */
  tenant: Tenant;
}

export interface Session {
  token: string;
  contentToken: string;
  sessionId: string;
  headers: { authorization: string };
}

/** A user with a live session: what most API tests start from. */
export type SignedInUser = TestUser & Session;

export interface DomainInput {
  host?: string;
  companyCode?: string;
  serviceName?: string;
  options?: Partial<DomainOptions> & Record<string, unknown>;
  hostFlags?: readonly string[];
  /** A domain being deleted, as `DELETE /v1/domain/{id}` leaves it. */
  deleting?: boolean;
}

/** Any users column may be set; `tenant` (default: a new one) and `password` stand for the domain id and the hash. */
export type UserInput = Partial<Omit<NewUser, 'domain_id'>> & {
  tenant?: Tenant;
  /** How to make the user's own tenant when none is given. */
  domain?: DomainInput;
  password?: string;
};

/** Options every factory domain starts with: users may be added, with room for the CSV tests. */
const DEFAULT_OPTIONS = { is_user_add: true, user_registration_limit: 1000 };

/** Domains and companies, written by the tenancy repository. */
function tenancyFactory(db: Db) {
  const tenancy = tenancyRepo(db);

  async function domain(input: DomainInput = {}) {
    const n = next();
    const row = await tenancy.insertDomain({
      host: input.host ?? uniqueHost(),
      companyCode: input.companyCode ?? '0008',
      serviceName: input.serviceName ?? `Dealer ${n}`,
      options: { ...DEFAULT_OPTIONS, ...input.options },
      hostFlags: input.hostFlags ?? [],
    });
    if (input.deleting) await tenancy.markDomainDeleting(row.id, new Date());
    return row;
  }

  async function company(input: {
    domainId: string;
    name?: string;
    kind?: CompanyKind;
    parentCompanyId?: string;
    fields?: Partial<CompanyFields>;
  }) {
    return tenancy.insertCompany({
      domainId: input.domainId,
      name: input.name ?? `Company ${next()}`,
      kind: input.kind ?? (input.parentCompanyId ? 'branch' : 'headquarters'),
      ...(input.parentCompanyId ? { parentCompanyId: input.parentCompanyId } : {}),
      ...(input.fields ? { fields: input.fields } : {}),
    });
  }

  /** A domain with its headquarters. */
  async function tenant(input: DomainInput & { companyName?: string } = {}): Promise<Tenant> {
    const d = await domain(input);
    const hq = await company({ domainId: d.id, ...(input.companyName ? { name: input.companyName } : {}) });
    return { domainId: d.id, host: d.host, companyCode: d.company_code, serviceName: d.service_name, companyId: hq.id };
  }

  return { domain, company, tenant };
}

/** Users and groups, written by the users repositories; a user without a tenant gets a new one. */
function accountFactory(db: Db, tenants: ReturnType<typeof tenancyFactory>) {
  const users = usersRepo(db);
  const { tenant } = tenants;

  function userRow(t: Tenant, input: UserInput, hash: string): NewUser {
    const { tenant: _t, domain: _d, password: _p, ...columns } = input;
    const privilege = columns.privilege_type ?? 'super';
    return {
      name: `${privilege} ${next()}`,
      email: uniqueEmail(privilege),
      company_id: t.companyId,
      status: 'active',
      ...columns,
      privilege_type: privilege,
      domain_id: t.domainId,
      password_hash: columns.password_hash ?? hash,
    };
  }

  /** An active super user with the known password in a new tenant, unless told otherwise. */
  async function user(input: UserInput = {}): Promise<TestUser> {
    const t = input.tenant ?? (await tenant(input.domain));
    const password = input.password ?? PASSWORD;
    const row = userRow(t, input, await hashOf(password));
    const { id } = await users.insertUser(row);
    return {
      id,
      email: row.email,
      password,
      domainId: t.domainId,
      host: t.host,
      companyId: row.company_id ?? null,
      privilegeType: row.privilege_type,
      tenant: t,
    };
  }

  /** `count` users in one insert (caps of thousands); their e-mails are unique, their password unusable. */
  async function manyUsers(count: number, input: UserInput & { tenant: Tenant }): Promise<number> {
    let added = 0;
    // In slices: one statement may carry at most 65,535 parameters.
    for (let done = 0; done < count; done += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - done) }, () => userRow(input.tenant, input, 'x'));
      added += await users.insertUsers(rows);
    }
    return added;
  }

  /** A group headed by `admin` (who joins it), with `members` in it too. */
  async function group(input: {
    tenant: Pick<Tenant, 'domainId'>;
    name?: string;
    admin?: { id: string } | null;
    members?: readonly { id: string }[];
    companyId?: string | null;
  }): Promise<{ id: string; name: string }> {
    const name = input.name ?? `Group ${next()}`;
    const groups = groupsRepo(db);
    const { id } = await groups.insertGroup({
      domainId: input.tenant.domainId,
      companyId: input.companyId ?? null,
      name,
      adminUserId: input.admin?.id ?? null,
    });
    const joined = [...(input.admin ? [input.admin.id] : []), ...(input.members ?? []).map((m) => m.id)];
    if (joined.length > 0) await groups.setGroupOf(joined, id);
    return { id, name };
  }

  return { user, manyUsers, group };
}

/** Sessions as the token endpoint issues them, and the signed-in users most tests start from. */
function sessionFactory(
  db: Db,
  accounts: ReturnType<typeof accountFactory>,
  tenants: ReturnType<typeof tenancyFactory>,
) {
  const { user } = accounts;
  const { tenant } = tenants;

  /**
   * A signed-in session, as the token endpoint issues it (an access and a content token sharing a session), without
   * the sign-in: tests of something else need not pay the password check or meet the rate limit.
   */
  async function session(
    of: { id: string },
    input: { device?: string; application?: string; ip?: string; ttlMs?: number } = {},
  ): Promise<Session> {
    const sessionId = randomUUID();
    const access = newToken();
    const content = newToken();
    const device = {
      device: input.device ?? 'test',
      application: input.application ?? 'spinyard-console',
      ip: input.ip ?? '127.0.0.1',
      expiresAt: new Date(Date.now() + (input.ttlMs ?? 24 * 3600_000)),
    };
    await authRepo(db).insertTokens([
      { userId: of.id, sessionId, kind: 'access', hash: access.hash, ...device },
      { userId: of.id, sessionId, kind: 'content', hash: content.hash, ...device },
    ]);
    return {
      token: access.token,
      contentToken: content.token,
      sessionId,
      headers: { authorization: `Bearer ${access.token}` },
    };
  }

  /** A user with a session: the usual start of an API test. */
  async function signedIn(input: UserInput = {}): Promise<SignedInUser> {
    const u = await user(input);
    return { ...u, ...(await session(u)) };
  }

  /** The product's operator: master of the product's own domain (company code 0006). */
  async function master(input: UserInput = {}): Promise<SignedInUser> {
    const product = input.tenant ?? (await tenant({ companyCode: '0006', serviceName: 'Spinyard' }));
    const u = await signedIn({ ...input, tenant: product, privilege_type: 'master' });
    return { ...u, tenant: product };
  }

  /** A normal user under `admin`, in the admin's tenant: the hierarchy the role tests build again and again. */
  function signedInUnder(admin: TestUser, input: UserInput = {}): Promise<SignedInUser> {
    return signedIn({ ...input, tenant: admin.tenant, privilege_type: 'normal', parent_user_id: admin.id });
  }

  return { session, signedIn, signedInUnder, master };
}

export function factory(db: Db) {
  const tenants = tenancyFactory(db);
  const accounts = accountFactory(db, tenants);
  const sessions = sessionFactory(db, accounts, tenants);
  const vehicleRows = vehicleFactory(db, () => `car-${next()}-${run}`);
  const tenancy = tenancyRepo(db);
  const users = usersRepo(db);

  /**
   * Changes to rows a test made, through the same repositories (a state the API reaches only through a journey
   * the test is not about, such as a failed payment or an enforced second step).
   */
  const update = {
    ...factoryUpdates(db),
    user: (id: string, values: UserUpdate) => users.updateUser(id, values),
    domain: (id: string, patch: Parameters<typeof tenancy.updateDomain>[1]) => tenancy.updateDomain(id, patch),
    processesOf: vehicleRows.processesOf,
  };

  return {
    ...tenants,
    ...accounts,
    ...sessions,
    vehicles: vehicleRows.vehicles,
    interiorScenes: vehicleRows.interiorScenes,
    update,
  };
}

export type Factory = ReturnType<typeof factory>;

/** The body of `POST /v1/domain` for a new domain with its super user, each call with its own host and code. */
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
