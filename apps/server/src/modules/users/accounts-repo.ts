import type { Db } from '../../db/database.ts';
import type { NewUser, UserUpdate } from '../../db/schema.ts';

/** The columns of a user's own profile that they edit themself (the profile area's form). */
export interface OwnFields {
  name?: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  phone?: string;
}

/** What billing sets on a user: the plan's vehicle limit, the failed payment's time, the contract's status. */
export interface BillingState {
  car_limit?: number | null;
  payment_failed_at?: Date | null;
  status?: 'active' | 'cancel_pending' | 'cancelled' | 'expired';
  service_ends_at?: Date | null;
}

/**
 * Writes to `users` and `groups` that other areas' use cases need (first start, a new domain, sign-in, activation,
 * the profile, the nightly domain deletion). They reach them only through accounts-service.ts, inside their own
 * transaction when they pass one.
 */
export function accountsRepo(db: Db) {
  /** Sets columns of one user, deleted or not, with the time of the edit. */
  const setColumns = async (userId: string, values: UserUpdate): Promise<void> => {
    await db
      .updateTable('users')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  };
  return {
    insertAccount(user: NewUser) {
      return db.insertInto('users').values(user).returning(['id', 'email']).executeTakeFirstOrThrow();
    },

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await setColumns(userId, { password_hash: passwordHash });
    },

    /** approval_pending to active; false when the user was in another status (nothing changes then). */
    async activate(userId: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ status: 'active', activated_at: new Date(), updated_at: new Date() })
        .where('id', '=', userId)
        .where('status', '=', 'approval_pending')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Only the time: a sign-in is not an edit, so the lists sorted by update do not move. */
    async markLogin(userId: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
    },

    /** False when the user is gone (deleted since the token was issued). */
    async updateOwnFields(userId: string, fields: OwnFields): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setEmail(userId: string, email: string): Promise<void> {
      await setColumns(userId, { email });
    },

    async setTwoStep(userId: string, enabled: boolean): Promise<void> {
      await setColumns(userId, { two_step_auth: enabled });
    },

    /**
     * The billing area's writes (issue 19): the plan's vehicle limit, a failed or recovered payment, the contract's
     * status and term end. Each column only when given.
     */
    async setBillingState(userId: string, values: BillingState): Promise<void> {
      await setColumns(userId, values);
    },

    /**
     * Deletes the users and groups of a domain (the nightly deletion). Group admins and memberships are cleared
     * first: groups and users point at each other. Tokens, one-time tokens and two-step challenges cascade with
     * their user.
     */
    async purgeDomain(domainId: string): Promise<void> {
      await db.updateTable('groups').set({ admin_user_id: null }).where('domain_id', '=', domainId).execute();
      await db.updateTable('users').set({ group_id: null }).where('domain_id', '=', domainId).execute();
      await db.deleteFrom('groups').where('domain_id', '=', domainId).execute();
      await db.deleteFrom('users').where('domain_id', '=', domainId).execute();
    },
  };
}
