import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListingAccountsTable } from '../../db/schema-listing.ts';

export type AccountRow = Selectable<ListingAccountsTable>;

/** The dealers' partner accounts (`listing_accounts`), and what the reconcile reads of their users. */
export function accountsRepo(db: Db) {
  return {
    account(userId: string): Promise<AccountRow | undefined> {
      return db.selectFrom('listing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async saveAccount(row: Omit<AccountRow, 'updated_at' | 'reconciled_at'>): Promise<void> {
      const { user_id, ...rest } = row;
      const values = { ...rest, client: rest.client === null ? null : JSON.stringify(rest.client) };
      await db
        .insertInto('listing_accounts')
        .values({ user_id, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
        .execute();
    },

    async updateAccount(
      userId: string,
      values: { secret_sealed?: string; signed_in?: boolean; last_msg_id?: string | null; reconciled_at?: Date },
    ): Promise<void> {
      await db
        .updateTable('listing_accounts')
        .set({ ...values, updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Signed-in accounts, and the users with automatic link on among them: the hourly reconcile's round. */
    signedInAccounts(): Promise<AccountRow[]> {
      return db.selectFrom('listing_accounts').selectAll().where('signed_in', '=', true).execute();
    },

    /** What the reconcile needs of the users behind accounts: their settings and their domain's options. */
    usersSettings(userIds: readonly string[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .select(['u.id', 'u.image_system', 'd.options as domain_options'])
        .where('u.id', 'in', userIds)
        .where('u.deleted_at', 'is', null)
        .execute();
    },
  };
}
