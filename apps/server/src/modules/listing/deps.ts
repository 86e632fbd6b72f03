import { bossDbOf } from '../../db/boss-db.ts';
import type { Db } from '../../db/database.ts';
import { enqueueAll, type JobRunner } from '../../platform/jobs/queue-registry.ts';
import { createLocalListing } from '../../platform/listing/local-partner.ts';
import type { ListingService } from '../../platform/listing/port.ts';
import { runAutojoin } from './autojoin.ts';
import { autojoinJob, linkJob } from './jobs-definitions.ts';
import type { LinkServiceDeps } from './link-service.ts';
import { linkOne } from './work.ts';

/** Partner calls at once across the nodes when the configuration says nothing (SPINYARD_LISTING_PARALLEL). */
export const DEFAULT_LISTING_PARALLEL = 4;

/** The process's local partner, shared by its app and its jobs when no adapter was configured (tests, scripts). */
let fallback: ListingService | undefined;
export function partnerOf(ctx: { listing?: ListingService | undefined }): ListingService {
  if (ctx.listing) return ctx.listing;
  fallback ??= createLocalListing();
  return fallback;
}

/**
 * What the services and the reconcile run on: the partner, the parallel calls, and how a link request starts: its
 * job on a server with workers (many in one statement, inside the transaction that made their rows); at once, in
 * the caller's request, where there are none (tests), as a job would run it on its last attempt. The automatic link
 * likewise: its job, or at once.
 */
export function linkDeps(ctx: {
  db: Db;
  listing?: ListingService | undefined;
  listingParallel?: number | undefined;
  publicUrl?: string | undefined;
  enqueue?: JobRunner['enqueue'] | undefined;
  enqueueMany?: JobRunner['enqueueMany'] | undefined;
}): LinkServiceDeps {
  const base = {
    db: ctx.db,
    partner: partnerOf(ctx),
    parallel: ctx.listingParallel ?? DEFAULT_LISTING_PARALLEL,
    publicUrl: ctx.publicUrl,
  };
  const enqueue = ctx.enqueue;
  const runner = enqueue ? { enqueue, enqueueMany: ctx.enqueueMany } : undefined;
  const deps: LinkServiceDeps = {
    ...base,
    startLink: async (link) => {
      if (enqueue) await enqueue(linkJob, link);
      else await linkOne(base, link, { last: true });
    },
    startAutojoin: async (userId) => {
      if (!enqueue) return (await runAutojoin(deps, userId)).queued;
      await enqueue(autojoinJob, { userId, at: new Date().toISOString() });
      return null;
    },
  };
  if (runner) {
    deps.queueLinks = (trx, links) =>
      enqueueAll(
        runner,
        linkJob,
        links.map((l) => ({ contentId: l.content_id, seq: l.seq })),
        { db: bossDbOf(trx) },
      );
  }
  return deps;
}
