import type { Db } from '../../db/database.ts';
import type { NewUser, UserUpdate } from '../../db/schema.ts';

/** The live users whose `column` (their parent or their group) is `id`. */
export async function liveUserIdsBy(db: Db, column: 'parent_user_id' | 'group_id', id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(column, '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Users inserted, updated and soft-deleted, their children and busy vehicles found, their JSON columns set. */
export function userWritesRepo(db: Db) {
  /** One JSON column of a user replaced, with the time of the edit. */
  const setJson = (userId: string, column: 'image_system' | 'configuration', value: Record<string, unknown>) =>
    db
      .updateTable('users')
      .set({ [column]: JSON.stringify(value), updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  return {
    async insertUser(user: NewUser): Promise<{ id: string }> {
      return db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    },

    async insertUsers(users: readonly NewUser[]): Promise<number> {
      if (users.length === 0) return 0;
      const rows = await db
        .insertInto('users')
        .values([...users])
        .returning('id')
        .execute();
      return rows.length;
    },

    async updateUser(id: string, values: UserUpdate): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    childIds: (parentId: string): Promise<string[]> => liveUserIdsBy(db, 'parent_user_id', parentId),

    /** Users among these that own a vehicle with a queued or running background process. */
    async usersWithProcessingContent(userIds: readonly string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('contents as c')
        .innerJoin('content_processes as p', 'p.content_id', 'c.id')
        .select('c.owner_user_id')
        .distinct()
        .where('c.owner_user_id', 'in', userIds)
        .where('p.status', 'in', ['queued', 'running'])
        .execute();
      return rows.map((r) => r.owner_user_id);
    },

    /** Soft delete: the row stays for the vehicles and history that point at it; the e-mail becomes free. */
    async softDeleteUsers(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      const now = new Date();
      await db
        .updateTable('users')
        .set({ deleted_at: now, updated_at: now })
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      // A deleted admin no longer heads their group.
      await db
        .updateTable('groups')
        .set({ admin_user_id: null, updated_at: now })
        .where('admin_user_id', 'in', ids)
        .execute();
    },

    /** Detaches deleted users from their company (a rolled-back sign-up's), answering the companies they had. */
    async detachDeletedFromCompany(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const before = await db
        .selectFrom('users')
        .select('company_id')
        .where('id', 'in', ids)
        .where('deleted_at', 'is not', null)
        .where('company_id', 'is not', null)
        .execute();
      await db
        .updateTable('users')
        .set({ company_id: null, updated_at: new Date() })
        .where('id', 'in', ids)
        .where('deleted_at', 'is not', null)
        .execute();
      return [...new Set(before.flatMap((r) => (r.company_id ? [r.company_id] : [])))];
    },

    async jsonColumnsOf(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'image_system', 'configuration'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async setImageSystem(userId: string, value: Record<string, unknown>): Promise<void> {
      await setJson(userId, 'image_system', value);
    },

    async setConfiguration(userId: string, value: Record<string, unknown>): Promise<void> {
      await setJson(userId, 'configuration', value);
    },
  };
}
