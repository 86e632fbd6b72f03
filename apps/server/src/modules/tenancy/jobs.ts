import type { Db } from '../../db/database.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { domainPurgeService } from './domain-purge-service.ts';

/** Nothing to carry: each run reloads which domains are marked. */
export type DomainPurgePayload = Record<string, never>;

/**
 * The nightly deletion of domains marked deleting (second document, section 9: "domain deletion nightly").
 * 03:00 in Tokyo, the product's business time zone, when dealers are not working. Until it has run, a marked
 * domain's host is refused with `domain_deleting`; afterwards the host can be registered again.
 */
export const DOMAIN_PURGE_SCHEDULE = { cron: '0 3 * * *', tz: 'Asia/Tokyo' } as const;

export function createDomainPurgeHandler(deps: {
  db: Db;
  store: BlobStore;
  log?: (msg: string, fields: Record<string, unknown>) => void;
  now?: () => Date;
}): JobHandler<DomainPurgePayload> {
  const now = deps.now ?? (() => new Date());
  return async () => {
    const service = domainPurgeService({ db: deps.db, store: deps.store, ...(deps.log ? { log: deps.log } : {}) });
    const { purged, failed } = await service.purgeDeletedDomains(now());
    // The others are gone for good; throwing makes pg-boss retry the ones that failed (and only them remain).
    if (failed.length > 0) throw new Error(`Nightly domain deletion failed for domains ${failed.join(', ')}`);
    return purged.length > 0 ? 'success' : 'skipped';
  };
}

export const domainPurgeJob = {
  ...defineJob<DomainPurgePayload>('tenancy.purge-deleted-domains', {
    retryLimit: 3,
    expireInSeconds: 60 * 60,
    schedule: { ...DOMAIN_PURGE_SCHEDULE, payload: {} },
  }),
  handlerFor: createDomainPurgeHandler,
};
