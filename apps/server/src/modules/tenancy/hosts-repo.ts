import type { Db } from '../../db/database.ts';

/** Reads of the white-label host a signed-in user works on: their domain's host flags. */
export function hostsRepo(db: Db) {
  return {
    async hostFlagsOfUser(userId: string): Promise<string[]> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .select('d.host_flags')
        .where('u.id', '=', userId)
        .executeTakeFirst();
      return row?.host_flags ?? [];
    },
  };
}
