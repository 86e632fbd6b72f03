import type { Db } from '../../db/database.ts';

export interface ReportingKeyRow {
  id: string;
  domain_id: string;
  name: string;
  hint: string;
  created_at: Date;
  rotated_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS = ['id', 'domain_id', 'name', 'hint', 'created_at', 'rotated_at', 'last_used_at'] as const;

/** The reporting API's keys (`reporting_api_keys`, migration 0031): the one writer of the table. */
export function keysRepo(db: Db) {
  return {
    async create(k: { domainId: string; name: string; hash: Buffer; hint: string; createdBy: string }) {
      return db
        .insertInto('reporting_api_keys')
        .values({ domain_id: k.domainId, name: k.name, key_hash: k.hash, hint: k.hint, created_by: k.createdBy })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The live keys of a domain, oldest first. */
    list(domainId: string): Promise<ReportingKeyRow[]> {
      return db
        .selectFrom('reporting_api_keys')
        .select(COLUMNS)
        .where('domain_id', '=', domainId)
        .where('revoked_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    find(id: string): Promise<ReportingKeyRow | undefined> {
      return db
        .selectFrom('reporting_api_keys')
        .select(COLUMNS)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /** A new secret in place of the old: the old hash is gone, so the old key finds nothing from now on. */
    rotate(id: string, hash: Buffer, hint: string): Promise<ReportingKeyRow | undefined> {
      return db
        .updateTable('reporting_api_keys')
        .set({ key_hash: hash, hint, rotated_at: new Date() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    async revoke(id: string): Promise<void> {
      await db.updateTable('reporting_api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    },

    /** The live key of this hash, marked used now. */
    use(hash: Buffer): Promise<{ id: string; domain_id: string } | undefined> {
      return db
        .updateTable('reporting_api_keys')
        .set({ last_used_at: new Date() })
        .where('key_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .returning(['id', 'domain_id'])
        .executeTakeFirst();
    },
  };
}
