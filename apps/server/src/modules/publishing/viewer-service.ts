import { createHash } from 'node:crypto';
import {
  VIEWER_PASSWORD_MAX_FAILURES,
  VIEWER_PASSWORD_WINDOW_MS,
  VIEWER_TOKEN_TTL_SECONDS,
  type ViewerAccessAnswer,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { StoredDesign } from '../../db/schema-design.ts';
import { AppError } from '../../errors.ts';
import { recentlyUsed } from '../../platform/recently-used.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { failureThrottle } from '../auth/rate-limit.ts';
import type { ModuleContext } from '../context.ts';
import { withMediaGrant } from './media-grant.ts';
import { readText } from './published-blobs.ts';
import { publicationsRepo, type ViewerRow } from './repo.ts';
import { type SharedHosts, tenantHostOf } from './viewer-host.ts';
import { type ViewerRows, viewerRows } from './viewer-rows.ts';
import { samePassword, signViewerToken, viewerTokenValid } from './viewer-token.ts';

const THROTTLE_ACTION = 'viewer_password';

export interface ViewerManifest {
  json: string;
  sha256: string;
  /** The vehicle's domain, whose custom design the page wears (read when the page is served, not built). */
  domainId: string;
  /** That domain's saved design as stored (read with the publication, so a save shows at the next load), or null. */
  design: StoredDesign | null;
}

/**
 * The public side: a short id to its vehicle, and what a buyer may see of it. Every state but public answers its
 * own code and nothing else (no media, no manifest). A short id nobody made and a vehicle deleted for good are
 * the same not_found, and so is another tenant's vehicle asked for on a tenant's host (viewer-host.ts). A limited
 * publication's manifest needs a token from the password check.
 */
export function viewerService({
  db,
  store,
  hosts,
  rows = viewerRows(db, undefined),
}: {
  db: Db;
  store: BlobStore;
  hosts: SharedHosts;
  /** Where the viewer rows are read (kept in memory with the node's LISTEN connection); a query each without. */
  rows?: ViewerRows;
}) {
  // Manifest texts by their content-addressed key (the name is the bytes' hash, so a kept text is never stale):
  // many buyers of one vehicle read the blob once.
  const manifests = recentlyUsed<string, string>(64);

  async function manifestText(key: string): Promise<string | null> {
    const known = manifests.get(key);
    if (known !== undefined) return known;
    const json = await readText(store, key);
    return json === null ? null : manifests.set(key, json);
  }

  async function publicOrRefused(shortId: string, host: string | undefined): Promise<ViewerRow> {
    const row = await rows.read(shortId, tenantHostOf(host, hosts));
    if (!row || row.publication === 'permanently_deleted') throw new AppError('not_found');
    // Before the state: another tenant's host tells nothing about this vehicle, not even that it was deleted.
    if (row.bound_domain_id !== null && row.bound_domain_id !== row.domain_id) throw new AppError('not_found');
    switch (row.publication) {
      case 'deleted':
        throw new AppError('content_deleted');
      case 'sleeping':
        throw new AppError('content_sleeping');
      case 'unpublished':
        throw new AppError('content_not_published');
      case 'published':
      case 'limited_public':
        // Published by the state switch but never built: nothing to show yet.
        if (row.manifest_key === null) throw new AppError('content_not_published');
        return row;
    }
  }

  // One design object per row read (rows are kept, viewer-rows.ts): the page keeps what it derives from it by it.
  const designs = new WeakMap<ViewerRow, StoredDesign>();
  const designOf = (pub: ViewerRow): StoredDesign | null => {
    if (pub.design_colours === null) return null;
    const known = designs.get(pub);
    if (known) return known;
    const design = { colours: pub.design_colours, icons: pub.design_icons ?? {} };
    designs.set(pub, design);
    return design;
  };

  /** The throttle's subject: the vehicle and the client's address, hashed (a buyer's address is never kept). */
  const subjectOf = (pub: ViewerRow, ip: string): string =>
    `${pub.content_id}:${createHash('sha256').update(`${pub.token_secret}:${ip}`).digest('hex').slice(0, 32)}`;

  return {
    /** `host`: the request's Host (the vehicle must be one its host shows). */
    async manifest(
      shortId: string,
      token: string | undefined,
      host: string | undefined,
      now = new Date(),
    ): Promise<ViewerManifest> {
      const pub = await publicOrRefused(shortId, host);
      if (pub.publication === 'limited_public') {
        if (token === undefined) throw new AppError('viewer_password_required');
        if (!viewerTokenValid(token, pub.token_secret, pub.short_id, pub.limited_password, now)) {
          throw new AppError('viewer_password_required');
        }
      }
      const json = pub.manifest_key === null ? null : await manifestText(pub.manifest_key);
      if (json === null) throw new AppError('content_not_published');
      const worn = { domainId: pub.domain_id, design: designOf(pub) };
      if (pub.publication === 'limited_public') {
        // Its files are served only with a grant: this buyer's manifest carries one in every media URL.
        const grant = { secret: pub.token_secret, shortId: pub.short_id, password: pub.limited_password };
        return { ...withMediaGrant(json, { ...grant, contentId: pub.content_id }, now), ...worn };
      }
      return { json, sha256: pub.manifest_sha256 ?? '', ...worn };
    },

    /**
     * The password of a limited publication, checked here and never in the browser. Wrong ones are counted per
     * vehicle and client address; past the limit every try is refused (429) until the window frees up.
     */
    async access(
      shortId: string,
      password: string,
      ip: string,
      host: string | undefined,
      now = new Date(),
    ): Promise<ViewerAccessAnswer> {
      const pub = await publicOrRefused(shortId, host);
      const answer = () => tokenOf(pub, now);
      // A plainly public vehicle needs no password: any answer opens it.
      if (pub.publication === 'published') return answer();
      const throttle = failureThrottle(db, THROTTLE_ACTION, VIEWER_PASSWORD_MAX_FAILURES, VIEWER_PASSWORD_WINDOW_MS);
      const subject = subjectOf(pub, ip);
      await throttle.assertAllowed(subject, now);
      if (!samePassword(password, pub.limited_password)) {
        await throttle.recordFailure(subject);
        throw new AppError('viewer_password_wrong');
      }
      return answer();
    },

    /**
     * A viewer token without the password, for a buyer another area has admitted to this vehicle: a web
     * negotiation's participant, whose meeting reserved it (docs/decisions.md, "Web negotiation: the call's
     * remainders"). The caller checks that admission; the vehicle must still be one its host shows.
     */
    async grant(shortId: string, host: string | undefined, now = new Date()): Promise<ViewerAccessAnswer> {
      return tokenOf(await publicOrRefused(shortId, host), now);
    },
  };
}

/** A viewer token of the vehicle's current password, for the usual time. */
function tokenOf(pub: ViewerRow, now: Date): ViewerAccessAnswer {
  const expiresAt = new Date(now.getTime() + VIEWER_TOKEN_TTL_SECONDS * 1000);
  return {
    token: signViewerToken(pub.token_secret, pub.short_id, pub.limited_password, expiresAt),
    expires_at: expiresAt.toISOString(),
  };
}
export type ViewerService = ReturnType<typeof viewerService>;

/** The viewer service of an app's scope, its rows kept with the node's LISTEN connection until the app closes. */
export function scopedViewerService(scope: FastifyInstance, ctx: ModuleContext): ViewerService {
  const rows = viewerRows(ctx.db, ctx.realtime);
  scope.addHook('onClose', async () => rows.close());
  return viewerService({ db: ctx.db, store: ctx.store, hosts: ctx, rows });
}

/** The vehicle a viewer's short id names (for the statistics' events), or undefined for an unknown one. */
export async function contentIdOfShortId(db: Db, shortId: string): Promise<string | undefined> {
  return (await publicationsRepo(db).findByShortId(shortId))?.content_id;
}
