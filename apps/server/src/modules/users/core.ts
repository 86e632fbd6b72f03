import {
  aliasesWithShopCode,
  canSeeUser,
  knownHostFlags,
  shopCodeIsAlias,
  shopCodeOnHost,
  type UserAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import type { FirstPaymentHolds } from '../auth/first-payment-hold.ts';
import type { Actor } from '../auth/service.ts';
import type { SignupPurchaseRun } from '../billing/signup.ts';
import { isUniqueViolation } from '../sql.ts';
import { type ActorContext, loadActorContext, targetOf } from './actor.ts';
import { type UserListFilter, type UserRecord, type UsersRepo, usersRepo } from './repo.ts';

/**
 * Sends the activation mail of a user waiting for approval (the link opens `{origin}/user/activation/{token}`);
 * `origin` is the request's Origin header, used only when it is the user's domain or the public URL. Answers
 * whether a mail went out.
 */
export type SendActivation = (userId: string, origin: string | undefined) => Promise<boolean>;

export interface UsersServiceDeps {
  db: Db;
  sendActivation: SendActivation | undefined;
  log?: (msg: string, fields: Record<string, unknown>) => void;
  /** Billing's purchase of a self-registration (plan, card, first charge), run in the registration's transaction. */
  purchase?: SignupPurchaseRun;
  /** The sign-in held while a registration's first payment waits on 3-D Secure (auth/first-payment-hold.ts). */
  holds?: FirstPaymentHolds;
  /** Frees an address held by a registration whose 3-D Secure check was abandoned (first-payment-service.ts). */
  releaseAbandoned?: (email: string) => Promise<void>;
}

/** The stored aliases (`[{ user_name }]`, the spec's shape) as their names; anything else in the list is left out. */
export function aliasNames(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((a: unknown) => {
    const name = (a as { user_name?: unknown } | null)?.user_name;
    return typeof name === 'string' && name !== '' ? [name] : [];
  });
}

/**
 * The shop code and aliases a create or edit stores: on the bike-site host the shop code given is the first
 * username alias (packages/domain/src/hosts.ts), elsewhere its own column; aliases given are stored as the spec's
 * `[{ user_name }]` list.
 */
export function shopCodeColumns(
  hostFlags: readonly string[],
  input: { shop_code?: string | undefined; username_alias?: string[] | undefined },
  current: readonly string[],
): { shop_code?: string; username_alias?: string } {
  const out: { shop_code?: string; username_alias?: string } = {};
  let aliases = input.username_alias;
  if (input.shop_code !== undefined) {
    if (shopCodeIsAlias(knownHostFlags(hostFlags))) {
      aliases = aliasesWithShopCode(aliases ?? current, input.shop_code);
    } else {
      out.shop_code = input.shop_code;
    }
  }
  if (aliases !== undefined) out.username_alias = JSON.stringify(aliases.map((user_name) => ({ user_name })));
  return out;
}

export function toUserAnswer(u: UserRecord): UserAnswer {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    first_name: u.first_name,
    last_name: u.last_name,
    display_name: u.display_name || u.name,
    privilege_type: u.privilege_type,
    status: u.status,
    domain_id: u.domain_id,
    domain_host: u.domain_host,
    company_id: u.company_id,
    company_name: u.company_name,
    parent_user_id: u.parent_user_id,
    parent_name: u.parent_name,
    parent_email: u.parent_email,
    group_id: u.group_id,
    group_name: u.group_name,
    company_section: u.company_section,
    phone: u.phone,
    car_limit: u.car_limit,
    login_code: u.login_code,
    shop_code: shopCodeOnHost(
      { shop_code: u.shop_code, username_alias: aliasNames(u.username_alias) },
      knownHostFlags(u.domain_host_flags),
    ),
    username_alias: aliasNames(u.username_alias),
    corporation_code: u.corporation_code,
    store_name: u.store_name,
    department: u.department,
    job_number: u.job_number,
    authorizer_job_number: u.authorizer_job_number,
    is_pay_by_credit: u.is_pay_by_credit,
    two_step_auth: u.two_step_auth,
    two_step_forced: u.two_step_forced,
    login_limit_count: u.login_limit_count,
    last_login_at: u.last_login_at?.toISOString() ?? null,
    activated_at: u.activated_at?.toISOString() ?? null,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

export function toUserSummary(u: UserRecord) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    display_name: u.display_name || u.name,
    privilege_type: u.privilege_type,
    status: u.status,
    parent_user_id: u.parent_user_id,
    company_name: u.company_name,
  };
}

/** A user the actor can see, or 404: the SQL scope and canSeeUser must both agree. */
export async function visibleUser(repo: UsersRepo, c: ActorContext, id: string): Promise<UserRecord> {
  const user = await repo.findUser(c.scope, id);
  if (!user) throw new AppError('not_found');
  enforce(canSeeUser(c.permission, targetOf(user)));
  return user;
}

/** A new user's address, password and names as a form gives them; the shown name falls back to the name. */
export function newUserIdentity(
  input: {
    email: string;
    name: string;
    first_name?: string | undefined;
    last_name?: string | undefined;
    display_name?: string | undefined;
  },
  passwordHash: string,
) {
  return {
    email: input.email,
    password_hash: passwordHash,
    name: input.name,
    first_name: input.first_name ?? '',
    last_name: input.last_name ?? '',
    display_name: input.display_name || input.name,
  };
}

export const PARENT_MESSAGE = 'The parent must be another admin user of the same domain.';

/** Unique e-mail, whatever its letter case; the race between check and insert is caught by the index too. */
export async function assertEmailFree(repo: UsersRepo, email: string, exceptUserId?: string): Promise<void> {
  if (await repo.emailTaken(email, exceptUserId)) {
    throw new AppError('email_already_registered', {
      fields: [fieldError('email', 'unique', 'This e-mail address is already registered.')],
    });
  }
}

export function mapUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) {
    throw new AppError('email_already_registered', {
      fields: [fieldError('email', 'unique', 'This e-mail address is already registered.')],
    });
  }
  if (isUniqueViolation(error, 'users_one_admin_per_group') || isUniqueViolation(error, 'groups_admin_user_key')) {
    throw new AppError('conflict', { message: 'Only one admin exists per group of users.' });
  }
  throw error;
}

/** What every use case of the users area shares: the repository, the caller's context, and the helpers below. */
export function usersCore(deps: UsersServiceDeps) {
  const { db } = deps;
  const repo = usersRepo(db);
  const log = deps.log ?? (() => undefined);
  const context = (actor: Actor) => loadActorContext(db, actor);

  /**
   * The parent admin named by id or by admin_code (their e-mail or login code), in the given domain; a field
   * error when it is not a live admin there.
   */
  async function resolveParent(
    r: UsersRepo,
    domainId: string,
    input: { parent_user_id?: string | null | undefined; admin_code?: string | undefined },
  ): Promise<UserRecord | undefined> {
    if (input.parent_user_id) {
      const parent = await r.findUser({ kind: 'domain', domainId, selfId: '0' }, input.parent_user_id);
      // Not in the domain at all: as unknown as any id that does not exist, so another tenant's ids reveal nothing.
      if (!parent)
        throw new AppError('not_found', { fields: [fieldError('parent_user_id', 'one_of', PARENT_MESSAGE)] });
      if (parent.privilege_type !== 'admin') {
        throw new AppError('privilege_change_invalid_parent', {
          fields: [fieldError('parent_user_id', 'one_of', PARENT_MESSAGE)],
        });
      }
      return parent;
    }
    if (input.admin_code) {
      const [match, second] = await r.findAdmins(domainId, [input.admin_code]);
      // Two admins answering one code (one's e-mail is another's login code) is ambiguous: refuse rather than guess.
      const parent = match && !second ? await r.findUser({ kind: 'all' }, match.id) : undefined;
      if (!parent) {
        throw new AppError('privilege_change_invalid_parent', {
          fields: [fieldError('admin_code', 'one_of', PARENT_MESSAGE)],
        });
      }
      return parent;
    }
    return undefined;
  }

  async function companyIn(r: UsersRepo, domainId: string, companyId: string): Promise<string> {
    const company = await r.findCompany(domainId, companyId);
    if (!company) {
      throw new AppError('validation_failed', {
        fields: [fieldError('company_id', 'one_of', 'Choose a company of the user’s domain.')],
      });
    }
    return company.id;
  }

  async function answerFor(id: string): Promise<UserAnswer> {
    const user = await repo.findUser({ kind: 'all' }, id);
    if (!user) throw new AppError('not_found');
    return toUserAnswer(user);
  }

  async function sendActivationSafely(userId: string, requestOrigin: string | undefined): Promise<boolean> {
    if (!deps.sendActivation) return false;
    try {
      return await deps.sendActivation(userId, requestOrigin);
    } catch (error) {
      // The account exists either way; the activation can be resent from the activation screen.
      log('Activation mail failed', { userId, error: String(error) });
      return false;
    }
  }

  /** One page of a user list, each row as the route answers it. */
  async function listPage<T>(filter: UserListFilter, answer: (u: UserRecord) => T) {
    const { items, total } = await repo.listUsers(filter);
    return { items: items.map(answer), total, page: filter.page, limit: filter.limit };
  }

  return {
    db,
    repo,
    context,
    resolveParent,
    companyIn,
    answerFor,
    sendActivationSafely,
    listPage,
    purchase: deps.purchase,
    holds: deps.holds,
    releaseAbandoned: deps.releaseAbandoned,
  };
}

export type UsersCore = ReturnType<typeof usersCore>;
