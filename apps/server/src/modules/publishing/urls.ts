import type { ContentAnswer } from '@spinyard/domain';

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
 * one address, so the viewer opens on the part asked for; the embed is a responsive 16:9 box that keeps its ratio
 * at any width. Nothing the dealer typed is written into it (the short id is letters and digits only).
 */
export function publicUrls(facts: UrlFacts): ContentAnswer['urls'] {
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
  const embedSrc = `${direct}?embed=1`;
  return {
    short_url: facts.short_url_allowed ? direct : null,
    direct_url: direct,
    exterior_url: facts.has_exterior ? `${direct}?view=exterior` : null,
    interior_url: facts.has_interior ? `${direct}?view=interior` : null,
    rider_view_url: facts.has_rider_view ? `${direct}?view=rider` : null,
    embed_code:
      '<div style="position:relative;width:100%;padding-top:56.25%;">' +
      `<iframe src="${embedSrc}" title="360 view" loading="lazy" allowfullscreen ` +
      'allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking" ' +
      'style="position:absolute;top:0;left:0;width:100%;height:100%;border:0;"></iframe></div>',
  };
}
