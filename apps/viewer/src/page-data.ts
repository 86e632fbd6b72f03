import type { PublishedExteriorHotspot, PublishedManifest } from '@spinyard/domain';

/**
 * The page data the server writes into the page (apps/server/src/modules/viewer-page/service.ts, ViewerPageData):
 * the vehicle's published manifest and the frame the spin opens on, which the server also wrote as the page's
 * first picture.
 */

/** An exterior hotspot as the manifest carries it: what is drawn on the frames. */
export type SpinHotspot = PublishedExteriorHotspot;
/** Any hotspot, exterior or interior: what its dialog shows. */
export type AnyHotspot = Omit<PublishedExteriorHotspot, 'key_frames' | 'frames'>;

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

/** The hotspots of a row (none when the domain's hotspot option is off, or in manifests built before them). */
export function rowHotspots(manifest: PublishedManifest, row: number): SpinHotspot[] {
  if (!manifest.options.hotspots) return [];
  return manifest.exterior?.rows[row]?.hotspots ?? [];
}

/** The damage hotspots of every row: the buyer's defect list. */
export function damageHotspots(manifest: PublishedManifest): SpinHotspot[] {
  if (!manifest.options.hotspots) return [];
  return (manifest.exterior?.rows ?? []).flatMap((r) => (r.hotspots ?? []).filter((h) => h.category === 'damage'));
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
