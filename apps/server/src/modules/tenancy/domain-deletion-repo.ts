import type { Db } from '../../db/database.ts';

/** A domain's deletion: marked, found due, its blob keys read, its rows purged. */
export function domainDeletionRepo(db: Db) {
  return {
    async markDomainDeleting(id: string, at: Date): Promise<void> {
      await db
        .updateTable('domains')
        .set({ status: 'deleting', deletion_requested_at: at, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async domainsDueForPurge(requestedBefore: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('domains')
        .select('id')
        .where('status', '=', 'deleting')
        .where('deletion_requested_at', '<=', requestedBefore)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Blob keys the domain's rows point to, read before the rows go so the files can follow them. */
    async blobKeysOfDomain(domainId: string): Promise<string[]> {
      const domain = await db
        .selectFrom('domains')
        .select(['logo_key', 'splash_key', 'round_logo_key'])
        .where('id', '=', domainId)
        .executeTakeFirst();
      const companies = await db
        .selectFrom('companies')
        .select('logo_key')
        .where('domain_id', '=', domainId)
        .where('logo_key', 'is not', null)
        .execute();
      return [domain?.logo_key, domain?.splash_key, domain?.round_logo_key, ...companies.map((c) => c.logo_key)].filter(
        (k): k is string => typeof k === 'string',
      );
    },

    /**
     * Deletes a domain's companies and the domain itself, once the areas that own the other rows of its tenants
     * (users, contents) have deleted theirs in the same transaction. Parent companies go in the same statement as
     * their branches, which PostgreSQL checks at the statement's end.
     */
    async purgeDomainRows(domainId: string): Promise<void> {
      await db.deleteFrom('companies').where('domain_id', '=', domainId).execute();
      await db.deleteFrom('domains').where('id', '=', domainId).execute();
    },
  };
}
