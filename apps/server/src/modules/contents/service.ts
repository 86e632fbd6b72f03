import type { Db } from '../../db/database.ts';
import { contentsRepo } from './repo.ts';

/** What other areas ask of the contents area, which alone writes vehicles and their processes. */
export function contentRecords(db: Db) {
  const repo = contentsRepo(db);
  return {
    /** Every vehicle of a domain that the tenancy area is deleting for good. */
    purgeDomain: (domainId: string) => repo.deleteOfDomain(domainId),
  };
}
