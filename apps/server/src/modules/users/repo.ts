import { type PrivilegeType, splitKeywords, type UserSort, type UserStatus } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { onPage, whereEveryKeyword } from '../sql.ts';
import { groupsRepo } from './groups-repo.ts';
import { userLookupsRepo } from './lookups-repo.ts';
import { placementRepo } from './placement-repo.ts';
import { userWritesRepo } from './writes-repo.ts';

/**
 * Which users a query may touch, decided by the service from the actor (scopeOf in actor.ts). Every read and write of
 * this repository takes one, so a forgotten check cannot leak another tenant's rows: the scope is part of the SQL.
 */
export type UserScope =
  | { kind: 'all' }
  /** A super: every user of their domain but a master. */
  | { kind: 'domain'; domainId: string; selfId: string }
  /** An admin: themself and the normal users under them. */
  | { kind: 'team'; domainId: string; adminId: string }
  | { kind: 'self'; userId: string };

export interface UserListFilter {
  scope: UserScope;
  privilegeTypes: readonly PrivilegeType[];
  q?: string | undefined;
  status?: UserStatus | undefined;
  domainId?: string | undefined;
  parentUserId?: string | undefined;
  groupId?: string | undefined;
  excludeUserId?: string | undefined;
  sort: UserSort;
  page: number;
  limit: number;
}

/** The columns a user answer is built from; the domain's host and options come along for permission checks. */
const USER_COLUMNS = [
  'u.id',
  'u.domain_id',
  'u.company_id',
  'u.parent_user_id',
  'u.group_id',
  'u.email',
  'u.name',
  'u.first_name',
  'u.last_name',
  'u.display_name',
  'u.privilege_type',
  'u.status',
  'u.company_section',
  'u.is_pay_by_credit',
  'u.two_step_auth',
  'u.two_step_forced',
  'u.login_limit_count',
  'u.phone',
  'u.car_limit',
  'u.login_code',
  'u.shop_code',
  'u.username_alias',
  'u.corporation_code',
  'u.store_name',
  'u.department',
  'u.job_number',
  'u.authorizer_job_number',
  'u.last_login_at',
  'u.activated_at',
  'u.created_at',
  'u.updated_at',
  'd.host as domain_host',
  'd.company_code as domain_company_code',
  'd.host_flags as domain_host_flags',
  'd.options as domain_options',
  'c.name as company_name',
  'p.name as parent_name',
  'p.email as parent_email',
  'g.name as group_name',
] as const;

export function usersRepo(db: Db) {
  /** Ids of the users a scope covers, as a subquery: every scoped query filters `u.id in (...)`. */
  function scopeIds(scope: UserScope) {
    const q = db.selectFrom('users as s').select('s.id');
    switch (scope.kind) {
      case 'all':
        return q;
      case 'domain':
        return q
          .where('s.domain_id', '=', scope.domainId)
          .where((eb) => eb.or([eb('s.privilege_type', '<>', 'master'), eb('s.id', '=', scope.selfId)]));
      case 'team':
        return q
          .where('s.domain_id', '=', scope.domainId)
          .where((eb) =>
            eb.or([
              eb('s.id', '=', scope.adminId),
              eb.and([eb('s.parent_user_id', '=', scope.adminId), eb('s.privilege_type', '=', 'normal')]),
            ]),
          );
      case 'self':
        return q.where('s.id', '=', scope.userId);
    }
  }

  /** The users not deleted. */
  const live = () => db.selectFrom('users as u').where('u.deleted_at', 'is', null);
  const selectRoot = () =>
    live()
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .leftJoin('companies as c', 'c.id', 'u.company_id')
      .leftJoin('users as p', 'p.id', 'u.parent_user_id')
      .leftJoin('groups as g', 'g.id', 'u.group_id');

  function filtered(f: Omit<UserListFilter, 'sort' | 'page' | 'limit'>) {
    let q = selectRoot().where('u.id', 'in', scopeIds(f.scope)).where('u.privilege_type', 'in', f.privilegeTypes);
    // Every comma-separated keyword must match one of the texts (the whole list is searched, never a window).
    q = whereEveryKeyword(q, splitKeywords(f.q ?? ''), [
      'u.email',
      'u.name',
      'u.display_name',
      'u.first_name',
      'u.last_name',
      'u.company_section',
      'u.login_code',
      'u.shop_code',
      // The bike site's shop codes are aliases: searched as the stored list's text.
      sql<string>`u.username_alias::text`,
      'c.name',
      'p.name',
      'p.email',
    ]);
    if (f.status) q = q.where('u.status', '=', f.status);
    if (f.domainId) q = q.where('u.domain_id', '=', f.domainId);
    if (f.parentUserId) q = q.where('u.parent_user_id', '=', f.parentUserId);
    if (f.groupId) q = q.where('u.group_id', '=', f.groupId);
    if (f.excludeUserId) q = q.where('u.id', '<>', f.excludeUserId);
    return q;
  }

  return {
    // Groups, lookups, placement and writes live in their own files; callers get one repository of the users area.
    ...groupsRepo(db),
    ...userLookupsRepo(db),

    /** One live user with their domain, when the scope allows it; undefined otherwise (answered as 404). */
    findUser(scope: UserScope, id: string) {
      return selectRoot()
        .select(USER_COLUMNS)
        .where('u.id', '=', id)
        .where('u.id', 'in', scopeIds(scope))
        .executeTakeFirst();
    },

    /** Several live users in scope, locked for the rest of the transaction (privilege change, bulk delete). */
    lockUsers(scope: UserScope, ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return live()
        .select([
          'u.id',
          'u.domain_id',
          'u.company_id',
          'u.privilege_type',
          'u.status',
          'u.parent_user_id',
          'u.group_id',
          'u.car_limit',
        ])
        .where('u.id', 'in', ids)
        .where('u.id', 'in', scopeIds(scope))
        .forUpdate()
        .execute();
    },

    async listUsers(f: UserListFilter) {
      const where = filtered(f);
      const counted = await where.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
      const total = Number(counted?.total ?? 0);
      const [column, direction] = SORTS[f.sort];
      const items = await onPage(
        where.select(USER_COLUMNS).orderBy(column, direction).orderBy('u.id', direction),
        f,
      ).execute();
      return { items, total };
    },

    ...placementRepo(db),

    ...userWritesRepo(db),

    /**
     * The super user of a company: of the company itself, else of its headquarters when it is a branch; never a
     * cancelled one. Never another company's: the product's own domain holds many customers' companies.
     */
    superOfCompany(companyId: string) {
      return selectRoot()
        .select(USER_COLUMNS)
        .where('u.privilege_type', '=', 'super')
        .where('u.status', '<>', 'cancelled')
        .where((eb) =>
          eb.or([
            eb('u.company_id', '=', companyId),
            eb('u.company_id', '=', eb.selectFrom('companies').select('parent_company_id').where('id', '=', companyId)),
          ]),
        )
        .orderBy(sql`case when u.company_id = ${companyId} then 0 else 1 end`)
        .orderBy('u.id')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

/** The column and direction of each sort a user list offers. */
const SORTS: Record<UserSort, [`u.${'created_at' | 'updated_at' | 'name' | 'email'}`, 'asc' | 'desc']> = {
  created_desc: ['u.created_at', 'desc'],
  created_asc: ['u.created_at', 'asc'],
  updated_desc: ['u.updated_at', 'desc'],
  updated_asc: ['u.updated_at', 'asc'],
  name_asc: ['u.name', 'asc'],
  name_desc: ['u.name', 'desc'],
  email_asc: ['u.email', 'asc'],
  email_desc: ['u.email', 'desc'],
};

export type UsersRepo = ReturnType<typeof usersRepo>;
export type UserRecord = NonNullable<Awaited<ReturnType<UsersRepo['findUser']>>>;
