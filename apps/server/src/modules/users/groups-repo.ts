import { splitKeywords } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { onPage, whereEveryKeyword } from '../sql.ts';
import { liveUserIdsBy } from './writes-repo.ts';

/** SQL of groups (the users area's teams): each with its admin; one admin heads at most one group. */
export function groupsRepo(db: Db) {
  /** Groups with their admin, when the admin is still a live user. */
  const groupsWithAdmin = () =>
    db
      .selectFrom('groups as g')
      .leftJoin('users as a', (j) => j.onRef('a.id', '=', 'g.admin_user_id').on('a.deleted_at', 'is', null));

  /** A group as the answers show it: with its admin's name and e-mail and its count of live members. */
  const withGroupColumns = (q: ReturnType<typeof groupsWithAdmin>) =>
    q.select([
      'g.id',
      'g.domain_id',
      'g.company_id',
      'g.name',
      'g.admin_user_id',
      'g.created_at',
      'g.updated_at',
      'a.name as admin_name',
      'a.email as admin_email',
      (eb) =>
        eb
          .selectFrom('users as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .where('m.deleted_at', 'is', null)
          .as('member_count'),
    ]);

  return {
    findGroup(domainId: string | null, groupId: string) {
      let q = groupsWithAdmin().where('g.id', '=', groupId);
      if (domainId) q = q.where('g.domain_id', '=', domainId);
      return withGroupColumns(q).executeTakeFirst();
    },

    async listGroups(f: {
      domainId: string | null;
      onlyGroupId?: string | null | undefined;
      q?: string | undefined;
      page: number;
      limit: number;
    }) {
      let q = groupsWithAdmin();
      if (f.domainId) q = q.where('g.domain_id', '=', f.domainId);
      // An admin sees only their own group; no group at all means an empty list.
      if (f.onlyGroupId !== undefined) q = q.where('g.id', '=', f.onlyGroupId ?? '0');
      q = whereEveryKeyword(q, splitKeywords(f.q ?? ''), ['g.name', 'a.name', 'a.email']);
      const totalRow = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
      const items = await onPage(
        withGroupColumns(q).orderBy('g.updated_at', 'desc').orderBy('g.id', 'desc'),
        f,
      ).execute();
      return { items, total: Number(totalRow?.total ?? 0) };
    },

    async groupNameTaken(domainId: string, name: string, exceptGroupId?: string): Promise<boolean> {
      let q = db
        .selectFrom('groups')
        .select('id')
        .where('domain_id', '=', domainId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptGroupId) q = q.where('id', '<>', exceptGroupId);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    },

    async groupOfAdmin(adminId: string) {
      return db.selectFrom('groups').select(['id', 'name']).where('admin_user_id', '=', adminId).executeTakeFirst();
    },

    async insertGroup(values: {
      domainId: string;
      companyId: string | null;
      name: string;
      adminUserId: string | null;
    }): Promise<{ id: string }> {
      return db
        .insertInto('groups')
        .values({
          domain_id: values.domainId,
          company_id: values.companyId,
          name: values.name,
          admin_user_id: values.adminUserId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    async updateGroup(groupId: string, values: { name?: string; adminUserId?: string | null }): Promise<void> {
      await db
        .updateTable('groups')
        .set({
          ...(values.name !== undefined ? { name: values.name } : {}),
          ...(values.adminUserId !== undefined ? { admin_user_id: values.adminUserId } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', groupId)
        .execute();
    },

    async deleteGroup(groupId: string): Promise<void> {
      // Members keep their parent; they only leave the group (the foreign key would do it too, said here plainly).
      await db.updateTable('users').set({ group_id: null }).where('group_id', '=', groupId).execute();
      await db.deleteFrom('groups').where('id', '=', groupId).execute();
    },

    /** Puts users in a group (or none); their group is where an admin's team lives. */
    async setGroupOf(userIds: readonly string[], groupId: string | null): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .updateTable('users')
        .set({ group_id: groupId, updated_at: new Date() })
        .where('id', 'in', userIds)
        .where('deleted_at', 'is', null)
        .execute();
    },

    groupMemberIds: (groupId: string): Promise<string[]> => liveUserIdsBy(db, 'group_id', groupId),
  };
}

export type GroupsRepo = ReturnType<typeof groupsRepo>;
export type GroupRecord = NonNullable<Awaited<ReturnType<GroupsRepo['findGroup']>>>;
