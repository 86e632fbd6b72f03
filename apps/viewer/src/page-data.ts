import type { MediaImageAnswer, PublishedManifest } from '@spinyard/domain';

/**
 * The page data the server writes into the page (apps/server/src/modules/viewer-page/service.ts, ViewerPageData):
 * the vehicle's published manifest and the frame the spin opens on, which the server also wrote as the page's
 * first picture.
 */

/** An exterior hotspot as the manifest carries it (packages/domain schemas/published-hotspots.ts): what is drawn. */
export interface SpinHotspot {
  id: string;
  type: string;
  title: string;
  body: string;
  key_frames: { frame: number; x: number; y: number }[];
  icon?: { url: string | null } | undefined;
  image?: MediaImageAnswer | null | undefined;
  audio?: { url: string } | null | undefined;
  video?: { url: string } | null | undefined;
  video_link?: { watch_url: string; thumbnail_url: string } | null | undefined;
}

export interface PageData {
  manifest: PublishedManifest;
  start: { row: number; frame: number } | null;
}

export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById('spinyard-page')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

/** The hotspots of a row, once the manifest carries them (older manifests have none). */
export function rowHotspots(manifest: PublishedManifest, row: number): SpinHotspot[] {
  if (!manifest.options.hotspots) return [];
  const r = manifest.exterior?.rows[row] as { hotspots?: SpinHotspot[] } | undefined;
  return Array.isArray(r?.hotspots) ? r.hotspots : [];
}

/**
 * A URL from the manifest, kept only when it is one the server makes: a path of this origin or an https address
 * (the video sites' thumbnails and watch pages). Anything else (`javascript:`, `data:`) becomes undefined.
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
