import { createHash } from 'node:crypto';
import { MEDIA_URL_PREFIX } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { contentRecords } from '../contents/service.ts';
import type { LimitedGrantCheck } from '../vehicle-media/media-urls.ts';
import { legacyPublishedPrefix } from './published-blobs.ts';
import { publicationsRepo } from './repo.ts';
import { signViewerToken, viewerTokenValid } from './viewer-token.ts';

/**
 * A limited publication's published files are served only with a grant in their URL (`?grant=`), which the manifest
 * of a buyer who gave the password carries (docs/decisions.md, "Gaps closed"). A URL token rather than a cookie: a
 * viewer framed by a dealer's site often has its cookies blocked, and a URL works there as anywhere.
 */
export const GRANT_PARAM = 'grant';

/**
 * A visit's worth: longer than the manifest's token (only needed to open the page), so a buyer who keeps the page
 * open still loads the interior and hotspot media later.
 */
const GRANT_HOURS = 4;
const HOUR_MS = 3600_000;

// The grant is a viewer token for another purpose: one never opens what the other opens.
const purposeOf = (shortId: string): string => `media:${shortId}`;

/**
 * The grant's expiry: GRANT_HOURS from now, rounded up to the hour, so every load within an hour gets the same
 * URLs and the browser's cache serves the second one.
 */
function grantExpiry(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + GRANT_HOURS * HOUR_MS) / HOUR_MS) * HOUR_MS);
}

/** The manifest's JSON with a grant on every URL of the vehicle's published files. */
export function withMediaGrant(
  json: string,
  grant: { secret: string; shortId: string; password: string; contentId: string },
  now: Date,
): { json: string; sha256: string } {
  const token = signViewerToken(grant.secret, purposeOf(grant.shortId), grant.password, grantExpiry(now));
  // Keys are made of path-safe characters (blob-store.ts) and never carry a query: the pattern stops at either.
  // The whole published folder: keyed names and any a rekey has not moved yet.
  const folder = `${MEDIA_URL_PREFIX}${legacyPublishedPrefix(grant.contentId)}/`.replace(
    /[.*+?^${}()|[\]\\/]/g,
    '\\$&',
  );
  const granted = json.replace(new RegExp(`"(${folder}[^"?\\\\]*)"`, 'g'), `"$1?${GRANT_PARAM}=${token}"`);
  return { json: granted, sha256: createHash('sha256').update(granted).digest('hex') };
}

/**
 * The media route's check of a limited publication's file (vehicle-media/media-urls.ts): the seconds its grant has
 * left, or null when there is none, it is forged, expired, another vehicle's, or from before a password change.
 */
export function limitedMediaGrant(db: Db): LimitedGrantCheck {
  return async (contentId, grant, nowMs) => {
    if (typeof grant !== 'string') return null;
    const pub = await publicationsRepo(db).find(contentId);
    const content = pub ? await contentRecords(db).find(contentId) : undefined;
    if (!pub || !content) return null;
    const valid = viewerTokenValid(
      grant,
      pub.token_secret,
      purposeOf(pub.short_id),
      content.limited_password,
      new Date(nowMs),
    );
    return valid ? Math.max(1, Number(grant.split('.', 1)[0]) - Math.floor(nowMs / 1000)) : null;
  };
}
