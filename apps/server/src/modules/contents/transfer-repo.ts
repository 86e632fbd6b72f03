import type { PermissionActor, PermissionTarget, PublicationState, TransferRecipient } from '@spinyard/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { whereEveryKeyword } from '../sql.ts';

/** A user who may receive vehicles, as the permission rules and the owner change need them. */
export interface Recipient extends PermissionTarget {
  status: string;
}

/** A vehicle about to be transferred, as visibility and the recipients' filter need it. */
export interface TransferVehicle {
  id: string;
  domainId: string;
  ownerId: string;
  ownerParentId: string | null;
  publication: PublicationState;
}

export interface RecipientFilter {
  /** Keywords (splitKeywords), each matching the name, the displayed name or the address. */
  words: readonly string[];
  /** Only users of this domain (the vehicles'), when the transfer names its vehicles. */
  domainId: string | undefined;
  /** Users who may not receive (the vehicles' current owners). */
  excludeIds: readonly string[];
  limit: number;
}

type UsersEb = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/**
 * canReceiveTransfer (packages/domain permissions/transfer.ts) as a condition on `users as u`: master every user;
 * super every user of their domain but a master; admin themself and the normal users under them; a normal user
 * (in a group) their admin, themself and the normal users under the same admin. transfer-recipients.test.ts holds
 * the two readings side by side.
 */
function receivable(actor: PermissionActor) {
  return (eb: UsersEb) => {
    const self = eb('u.id', '=', actor.id);
    const inDomain = eb('u.domain_id', '=', actor.domainId);
    switch (actor.privilegeType) {
      case 'master':
        return eb.lit(true);
      case 'super':
        return eb.or([self, eb.and([inDomain, eb('u.privilege_type', '<>', 'master')])]);
      case 'admin':
        return eb.or([
          self,
          eb.and([inDomain, eb('u.privilege_type', '=', 'normal'), eb('u.parent_user_id', '=', actor.id)]),
        ]);
      case 'normal': {
        const admin = actor.groupAdminId ?? null;
        if (admin === null) return eb.lit(false);
        return eb.and([
          inDomain,
          eb.or([
            eb('u.id', '=', admin),
            self,
            eb.and([eb('u.privilege_type', '=', 'normal'), eb('u.parent_user_id', '=', admin)]),
          ]),
        ]);
      }
    }
  };
}

/** SQL of transfer and copy: who receives, and the owner change itself (the contents area's own table). */
/** What canReceiveTransfer reads of a user, as the domain names it. */
export const RECIPIENT_COLUMNS = [
  'id',
  'privilege_type as privilegeType',
  'domain_id as domainId',
  'company_id as companyId',
  'parent_user_id as parentUserId',
  'status',
] as const;

export function transferRepo(db: Db) {
  return {
    async recipient(userId: string): Promise<Recipient | undefined> {
      return (
        db
          .selectFrom('users')
          .select(RECIPIENT_COLUMNS)
          .where('id', '=', userId)
          // A deleted user receives nothing (the user lists do not show them either).
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      );
    },

    /** The vehicles (those that exist) with what their visibility and the recipients' filter need. */
    async vehicles(ids: readonly string[]): Promise<TransferVehicle[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('contents as c')
        .innerJoin('users as o', 'o.id', 'c.owner_user_id')
        .select([
          'c.id',
          'c.domain_id as domainId',
          'c.owner_user_id as ownerId',
          'o.parent_user_id as ownerParentId',
          'c.publication',
        ])
        .where('c.id', 'in', ids)
        .execute();
    },

    /** The first `limit` users the actor may give vehicles to, the actor first, then by name. */
    async recipients(actor: PermissionActor, f: RecipientFilter): Promise<Omit<TransferRecipient, 'is_self'>[]> {
      let q = db
        .selectFrom('users as u')
        .select(['u.id', 'u.name', 'u.email', 'u.privilege_type'])
        .where('u.deleted_at', 'is', null)
        .where(receivable(actor));
      if (f.domainId !== undefined) q = q.where('u.domain_id', '=', f.domainId);
      if (f.excludeIds.length > 0) q = q.where('u.id', 'not in', f.excludeIds);
      q = whereEveryKeyword(q, f.words, ['u.name', 'u.display_name', 'u.email']);
      return q.orderBy(sql`u.id = ${actor.id}`, 'desc').orderBy('u.name').orderBy('u.id').limit(f.limit).execute();
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
