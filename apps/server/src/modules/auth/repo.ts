import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hasRow } from '../sql.ts';
import { attemptsRepo } from './attempts-repo.ts';
import { challengesRepo } from './challenges-repo.ts';
import { oneTimeTokensRepo } from './one-time-tokens-repo.ts';
import { sessionsRepo } from './sessions-repo.ts';
import { tokensRepo } from './tokens-repo.ts';

/** What the sign-in paths need to know about a user: the account, and the options of the domain it belongs to. */
const USER_WITH_DOMAIN = [
  'u.id',
  'u.email',
  'u.password_hash',
  'u.status',
  'u.privilege_type',
  'u.domain_id',
  'u.company_id',
  'u.phone',
  'u.two_step_auth',
  'u.two_step_forced',
  'u.login_limit_count',
  'd.options as domain_options',
  'd.service_name as domain_service_name',
  'd.host as domain_host',
] as const;

/**
 * SQL of the auth area: users as sign-in sees them, tokens (sessions), login attempts, two-step challenges,
 * one-time tokens (activation, password reset, e-mail change) and throttle counters. Built on a `Db` or on a
 * transaction, so a use case can run several of these in one.
 */
export function authRepo(db: Db) {
  /** Live users of live domains: a domain marked for deletion signs nobody in (nor resets, nor activates). */
  const usersWithDomain = () =>
    db
      .selectFrom('users as u')
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .select(USER_WITH_DOMAIN)
      .where('u.deleted_at', 'is', null)
      .where('d.status', '=', 'active');

  return {
    // Each concern lives in its own file; callers get one repository of the auth area.
    ...attemptsRepo(db),

    findUserWithDomainByEmail(email: string) {
      return usersWithDomain().where(sql<string>`lower(u.email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    /** Whether a host is a registered domain's (any tenant's, deleting ones included); `host` is lower case. */
    async isDomainHost(host: string): Promise<boolean> {
      return hasRow(db.selectFrom('domains').select('id').where(sql<string>`lower(host)`, '=', host));
    },

    findUserWithDomain(userId: string) {
      return usersWithDomain().where('u.id', '=', userId).executeTakeFirst();
    },

    ...tokensRepo(db),
    ...sessionsRepo(db),
    ...challengesRepo(db),
    ...oneTimeTokensRepo(db),
  };
}

export type AuthRepo = ReturnType<typeof authRepo>;
