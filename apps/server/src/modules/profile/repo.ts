import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hasRow } from '../sql.ts';

/** The fields a user edits on their own profile. */
export interface ProfileFields {
  name?: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  phone?: string;
}

const PROFILE_COLUMNS = [
  'id',
  'email',
  'name',
  'first_name',
  'last_name',
  'display_name',
  'phone',
  'two_step_auth',
] as const;

/**
 * Reads of the profile area: the signed-in user's own row of `users`. Writes to it belong to the users area
 * (userAccounts).
 */
export function profileRepo(db: Db) {
  return {
    profileRow(userId: string) {
      return db
        .selectFrom('users')
        .select(PROFILE_COLUMNS)
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Whether a live account other than `exceptUserId` signs in with this address (letter case ignored). */
    async emailInUse(email: string, exceptUserId: string): Promise<boolean> {
      return hasRow(
        db
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(email)`, '=', email.toLowerCase())
          .where('deleted_at', 'is', null)
          .where('id', '<>', exceptUserId)
          .limit(1),
      );
    },
  };
}

export type ProfileRepo = ReturnType<typeof profileRepo>;
