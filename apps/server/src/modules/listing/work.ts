import {
  coarseLinkState,
  LISTING_RETRY_CODES,
  type LinkEventKind,
  type LinkState,
  linkErrorStateForCode,
  listingSearchCode,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobResult } from '../../platform/jobs/queue-registry.ts';
import { ListingError, type ListingService } from '../../platform/listing/port.ts';
import { setListingLinkState } from '../contents/media-access.ts';
import { isUniqueViolation } from '../sql.ts';
import { type LinkRow, listingRepo, OPEN_STATES } from './repo.ts';
import { listingSessions } from './sessions.ts';

export interface LinkWorkDeps {
  db: Db;
  partner: ListingService;
  parallel: number;
  /** Where buyers see a vehicle's spin (the partner shows it on the property's page). */
  publicUrl?: string | undefined;
}

/** The attempt of the job: a passing failure is thrown (pg-boss retries) until the last one, which records it. */
export interface Attempt {
  last: boolean;
}

/** A link of one request moved, with the vehicle's coarse state and the event, in one transaction. */
export async function moveLink(
  db: Db,
  link: Pick<LinkRow, 'content_id' | 'seq' | 'user_id'>,
  to: { state: LinkState; property_code?: string | null; msg_id?: string | null; drift?: string | null },
  event?: LinkEventKind,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const repo = listingRepo(trx);
    if (!(await repo.move(link.content_id, link.seq, to))) return false;
    await setListingLinkState(trx, [link.content_id], coarseLinkState(to.state));
    if (event) {
      await repo.addEvent({
        user_id: link.user_id,
        content_id: link.content_id,
        kind: event,
        state: to.state,
        msg_id: to.msg_id ?? null,
        property_code: to.property_code ?? null,
      });
    }
    return true;
  });
}

/** A link that ended in an error state: the state named by the partner's code (or ours), counted as failed. */
const fail = (db: Db, link: LinkRow, state: LinkState, msgId: string | null) =>
  moveLink(db, link, { state, msg_id: msgId }, 'failed');

/**
 * One link request (`seq`) of one vehicle, as its job runs it: skipped unless the row is still this request's and
 * open; else the key searched on the partner, the vehicle's view registered on the one property it finds, the row
 * linked. The partner's register is idempotent (the same vehicle answers `unchanged`) and the row moves only if it
 * is still this request's, so a retried or doubled job never links twice.
 */
export async function linkOne(
  deps: LinkWorkDeps,
  payload: { contentId: string; seq: number },
  attempt: Attempt,
): Promise<JobResult> {
  const { db, partner } = deps;
  const repo = listingRepo(db);
  let link = await repo.link(payload.contentId);
  if (!link || link.seq !== payload.seq || !OPEN_STATES.includes(link.state)) return 'skipped';
  if (link.state === 'waiting') {
    if (!(await moveLink(db, link, { state: 'linking' }))) return 'skipped';
    link = { ...link, state: 'linking' };
  }
  const vehicle = await repo.vehicle(link.content_id, link.key_type);
  if (!vehicle || vehicle.publication === 'deleted' || vehicle.publication === 'permanently_deleted') {
    await fail(db, link, 'error_default', null);
    return 'success';
  }
  if (vehicle.key.trim() === '') {
    await fail(db, link, 'error_key', null);
    return 'success';
  }
  if (!vehicle.has_exterior && !vehicle.has_interior) {
    await fail(db, link, 'error_image', null);
    return 'success';
  }
  const sessions = listingSessions(deps);
  const origin = (deps.publicUrl ?? 'http://localhost').replace(/\/+$/, '');
  try {
    // Search and register under one partner slot: a link is one visit to the partner.
    const visit = await sessions.withSession(link.user_id, async (s) => {
      const found = await partner.searchProperties(s, { key: vehicle.key.trim(), keyType: link.key_type });
      if (found.length !== 1) return { hit: false, found: found.length } as const;
      const propertyCode = found[0]!.propertyCode;
      const viewUrl = `${origin}/contents/detail/${link.content_id}`;
      const outcome = await partner.register(s, { propertyCode, contentId: link.content_id, viewUrl });
      return { hit: true, propertyCode, outcome } as const;
    });
    if (!visit.hit) {
      // None: no property has this key; more than one: the key does not say which.
      await fail(
        db,
        link,
        visit.found === 0 ? 'error_key_match' : 'error_join_duplicate',
        visit.found === 0 ? '2093' : null,
      );
      return 'success';
    }
    const { propertyCode, outcome } = visit;
    try {
      await moveLink(
        db,
        link,
        { state: 'linked', property_code: propertyCode, msg_id: null },
        outcome === 'republished' ? 'republished' : 'new',
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another vehicle of the domain already holds this property: ours is taken back from it.
      await sessions.withSession(link.user_id, (s) => partner.unregister(s, { propertyCode })).catch(() => undefined);
      await fail(db, link, 'error_property_code_duplicate', '2185');
    }
    return 'success';
  } catch (error) {
    return linkFailure(db, link, error, attempt);
  }
}

async function linkFailure(db: Db, link: LinkRow, error: unknown, attempt: Attempt): Promise<JobResult> {
  if (error instanceof AppError && error.code === 'listing_login_required') {
    await fail(db, link, 'error_login', String(error.params?.msg_id ?? '2117'));
    return 'success';
  }
  if (!(error instanceof ListingError)) throw error;
  const code = listingSearchCode(error.msgId);
  const passing = error.failure !== 'refused' || LISTING_RETRY_CODES.includes(code);
  // Outside the partner's hours, a timeout, a broken answer: a later attempt may pass (pg-boss's backoff).
  if (passing && !attempt.last) throw error;
  const state = error.failure === 'refused' ? linkErrorStateForCode(code) : 'error_default';
  await fail(db, link, state, String(code));
  return 'success';
}
