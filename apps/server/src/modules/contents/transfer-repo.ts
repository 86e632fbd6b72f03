import type { PermissionTarget } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A user who may receive vehicles, as the permission rules and the owner change need them. */
export interface Recipient extends PermissionTarget {
  status: string;
}

/** SQL of transfer and copy: who receives, and the owner change itself (the contents area's own table). */
export function transferRepo(db: Db) {
  return {
    async recipient(userId: string): Promise<Recipient | undefined> {
      return db
        .selectFrom('users')
        .select([
          'id',
          'privilege_type as privilegeType',
          'domain_id as domainId',
          'company_id as companyId',
          'parent_user_id as parentUserId',
          'status',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Gives the vehicle to `toUserId` (and their company) if `fromUserId` still owns it; answers whether it did.
     * The condition on the former owner makes a second run of the same transfer change nothing.
     */
    async changeOwner(
      contentId: string,
      change: { fromUserId: string; toUserId: string; companyId: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('contents')
        .set({ owner_user_id: change.toUserId, company_id: change.companyId, updated_at: sql`now()` })
        .where('id', '=', contentId)
        .where('owner_user_id', '=', change.fromUserId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type TransferRepo = ReturnType<typeof transferRepo>;
