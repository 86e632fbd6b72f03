import { type ContentAnswer, DEFAULT_UI_LOCALE, embedCode } from '@spinyard/domain';
import { PAGE_WORDS } from '../viewer-page/messages.ts';

/** Where the viewer of a vehicle is: `/v/<short id>`, one address for the short URL and the iframe alike. */
export const viewerPath = (shortId: string): string => `/v/${shortId}`;
export const manifestPath = (shortId: string): string => `/v/${shortId}/manifest.json`;

/** What the URLs need to know of a vehicle: its public address and which media it has. */
export interface UrlFacts {
  short_id: string | null;
  base_url: string | null;
  short_url_allowed: boolean;
  has_exterior: boolean;
  has_interior: boolean;
  has_rider_view: boolean;
}

/**
 * The detail page's URLs and embed code (null until the vehicle has a public address). The view is a query of the
 * one address, so the viewer opens on the part asked for; the embed code is the domain's (`embedCode`).
 */
export function publicUrls(facts: UrlFacts): Omit<ContentAnswer['urls'], 'contents_movie_url'> {
  if (facts.short_id === null || facts.base_url === null) {
    return {
      short_url: null,
      direct_url: null,
      exterior_url: null,
      interior_url: null,
      rider_view_url: null,
      embed_code: null,
    };
  }
  const direct = `${facts.base_url}${viewerPath(facts.short_id)}`;
  return {
    short_url: facts.short_url_allowed ? direct : null,
    direct_url: direct,
    exterior_url: facts.has_exterior ? `${direct}?view=exterior` : null,
    interior_url: facts.has_interior ? `${direct}?view=interior` : null,
    rider_view_url: facts.has_rider_view ? `${direct}?view=rider` : null,
    // The framed page's own title in the product's default language (no request's language reaches here); the
    // console makes the code again in the dealer's language (docs/decisions.md, "Operations: third wave").
    embed_code: embedCode(direct, PAGE_WORDS[DEFAULT_UI_LOCALE].title),
  };
}
