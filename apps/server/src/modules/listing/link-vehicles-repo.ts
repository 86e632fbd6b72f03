import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Which vehicle field links: the property code (listing ID) or the VIN (chassis number), by the domain's option. */
export type KeyType = 'property_code' | 'vin';

/** The column of a vehicle a key type reads: the property code (listing ID) or the chassis number (VIN). */
export const keyColumn = (keyType: KeyType) => (keyType === 'vin' ? 'chassis_number' : 'listing_id');

export interface LinkVehicle {
  id: string;
  management_id: string;
  domain_id: string;
  creator_user_id: string;
  publication: string;
  has_exterior: boolean;
  has_interior: boolean;
  key: string;
}

/** The reads of vehicles a link needs: a vehicle's key, others sharing it, the automatic link's candidates. */
/** What a link reads of a vehicle (`c`), its key under the name `key`. */
function linkVehicleColumns(keyType: KeyType) {
  const own = [
    'id',
    'management_id',
    'domain_id',
    'creator_user_id',
    'publication',
    'has_exterior',
    'has_interior',
  ] as const;
  return [...own.map((column) => `c.${column}` as const), `c.${keyColumn(keyType)} as key` as const];
}

export function linkVehiclesRepo(db: Db) {
  return {
    /** Vehicles of the domain other than `exceptId`, not deleted, whose key equals `key` (case aside). */
    async sameKeyVehicles(domainId: string, keyType: KeyType, key: string, exceptId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('contents')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('id', '<>', exceptId)
        .where('publication', 'not in', ['deleted', 'permanently_deleted'])
        .where(sql<string>`upper(${sql.ref(keyColumn(keyType))})`, '=', key.toUpperCase())
        .limit(3)
        .execute();
      return rows.map((r) => r.id);
    },

    async vehicle(contentId: string, keyType: KeyType): Promise<LinkVehicle | undefined> {
      return db
        .selectFrom('contents as c')
        .select(linkVehicleColumns(keyType))
        .where('c.id', '=', contentId)
        .executeTakeFirst();
    },

    /**
     * The automatic link's candidates of a creator: vehicles not deleted, with a key no other live vehicle of the
     * domain shares, and no link under way or made.
     */
    async autoCandidates(userId: string, keyType: KeyType): Promise<LinkVehicle[]> {
      const column = keyColumn(keyType);
      return (
        db
          .selectFrom('contents as c')
          .leftJoin('listing_links as l', 'l.content_id', 'c.id')
          .select(linkVehicleColumns(keyType))
          .where('c.creator_user_id', '=', userId)
          .where('c.publication', 'not in', ['deleted', 'permanently_deleted'])
          .where(`c.${column}`, '<>', '')
          .where((eb) => eb.or([eb('l.state', 'is', null), eb('l.state', '=', 'not_linked')]))
          // Keys two live vehicles of the domain share, found once (a hashed NOT IN), not per vehicle.
          .where(
            sql<SqlBool>`upper(${sql.ref(`c.${column}`)}) not in (
            select upper(${sql.ref(`o.${column}`)}) from contents o
            where o.publication not in ('deleted', 'permanently_deleted')
              and o.domain_id = (select domain_id from users where id = ${userId})
            group by 1 having count(*) > 1)`,
          )
          .orderBy('c.id')
          .execute()
      );
    },
  };
}
