import { effectiveImageSystem, readDomainOptions } from '@spinyard/domain';
import type { JobResult } from '../../platform/jobs/queue-registry.ts';
import { setListingLinkState } from '../contents/media-access.ts';
import { isUniqueViolation } from '../sql.ts';
import type { LinkServiceDeps } from './link-service.ts';
import { type KeyType, listingRepo } from './repo.ts';

/** Link requests and their jobs queued per page: one transaction and two statements (rows, pg-boss's insert). */
export const AUTOJOIN_PAGE = 500;

/** The key type a user's automatic link runs with, or null when their automatic link is off. */
export function autojoinKeyType(user: { image_system: unknown; domain_options: unknown }): KeyType | null {
  const options = readDomainOptions(user.domain_options);
  if (!effectiveImageSystem(options, user.image_system).cs_autojoin) return null;
  return options.listing_key_type === 'vin' ? 'vin' : 'property_code';
}

/**
 * The creator's vehicles not yet linked, queued as automatic (waiting) links a page at a time: each page's rows and
 * its link jobs in one transaction (pg-boss's bulk insert inside it, where the deps have a job runner), so a page is
 * queued whole or not at all. A failure half-way leaves the pages before it queued; run again, it finds only the
 * vehicles they did not take (a waiting vehicle is no candidate), so nothing is queued twice.
 */
export async function queueAutomatic(
  deps: LinkServiceDeps,
  userId: string,
  keyType: KeyType,
  pageSize = AUTOJOIN_PAGE,
): Promise<number> {
  const candidates = await listingRepo(deps.db).autoCandidates(userId, keyType);
  let queued = 0;
  for (let at = 0; at < candidates.length; at += pageSize) {
    const page = candidates.slice(at, at + pageSize);
    const links = await deps.db
      .transaction()
      .execute(async (trx) => {
        const rows = page.map((v) => ({ contentId: v.id, domainId: v.domain_id, key: v.key.trim() }));
        const made = await listingRepo(trx).requestMany(rows, { userId, keyType });
        await setListingLinkState(
          trx,
          made.map((l) => l.content_id),
          'waiting',
        );
        await deps.queueLinks?.(trx, made);
        return made;
      })
      .catch((error: unknown) => {
        // A key taken by a link made meanwhile: this page waits for the next reconcile, which leaves that one out.
        if (isUniqueViolation(error)) return [];
        throw error;
      });
    // No job runner (tests, scripts): each link runs now, once its row is committed.
    if (!deps.queueLinks) for (const l of links) await deps.startLink({ contentId: l.content_id, seq: l.seq });
    queued += links.length;
  }
  return queued;
}

/** The automatic link's job: the user's settings read again (it may have been turned off meanwhile), then queued. */
export async function runAutojoin(
  deps: LinkServiceDeps,
  userId: string,
  pageSize = AUTOJOIN_PAGE,
): Promise<{ result: JobResult; queued: number }> {
  const [user] = await listingRepo(deps.db).usersSettings([userId]);
  const keyType = user ? autojoinKeyType(user) : null;
  if (!keyType) return { result: 'skipped', queued: 0 };
  return { result: 'success', queued: await queueAutomatic(deps, userId, keyType, pageSize) };
}
