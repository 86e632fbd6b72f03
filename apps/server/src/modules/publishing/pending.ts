import type { PendingChangeArea, PublishedManifest } from '@spinyard/domain';

/**
 * What differs between the manifest buyers see and the one the vehicle's rows would make now, by area, and whether
 * the difference hides something buyers still see (docs/decisions.md, "Publishing: pending changes"). Media are
 * compared by their file names (the content hash), never by the URL's host, path or query, so a change of how
 * URLs are made or signed is no change of the vehicle.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A media URL's file name (its content hash); any other string as it is. */
const atomOf = (value: string): string => {
  if (!(value.startsWith('/') || value.startsWith('http'))) return value;
  const path = value.split(/[?#]/)[0] ?? value;
  return path.slice(path.lastIndexOf('/') + 1);
};

/**
 * The value with every URL reduced to its file name and every object's keys in one order, for comparing: values
 * kept as jsonb (a scene's start point, its zoom points) come back with their keys in PostgreSQL's order, the
 * published manifest read through its schema has them in the schema's.
 */
function normal(value: unknown): Json {
  if (typeof value === 'string') return atomOf(value);
  if (Array.isArray(value)) return value.map(normal);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, normal(v)]));
  }
  return (value ?? null) as Json;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(normal(a)) === JSON.stringify(normal(b));

/** Every media file, hotspot and item id a value names: what buyers are shown of it. */
function shownAtoms(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith('/') || value.startsWith('http')) into.add(atomOf(value));
  } else if (Array.isArray(value)) {
    for (const v of value) shownAtoms(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'id' || k === 'video_id') && typeof v === 'string') into.add(`id:${v}`);
      else shownAtoms(v, into);
    }
  }
  return into;
}

type Row = NonNullable<PublishedManifest['exterior']>['rows'][number];
type Scene = NonNullable<PublishedManifest['interior']>['scenes'][number];

const framesOf = (m: PublishedManifest): Row['frames'][] => (m.exterior?.rows ?? []).map((r) => r.frames);
const hotspotsOf = (m: PublishedManifest) => [
  ...(m.exterior?.rows ?? []).flatMap((r) => r.hotspots),
  ...(m.interior?.scenes ?? []).flatMap((s) => s.hotspots),
];
const scenesOf = (m: PublishedManifest) => (m.interior?.scenes ?? []).map(({ hotspots: _, ...scene }: Scene) => scene);

/** The rest of the manifest: the details (basic info, inspection, displays, options...). */
function detailsOf(m: PublishedManifest): Record<string, unknown> {
  const { version: _v, short_id: _s, built_at: _b, exterior, interior: _i, ...rest } = m;
  const { rider_view: _r, category_images: _c, video_links: _l, ...details } = rest;
  return { ...details, initial_angle: exterior?.initial_angle, initial_row: exterior?.initial_row };
}

/**
 * The exterior's change: `blur` when the rows and their frame counts are the same and every changed frame is one
 * the blur made or undid (not one replaced by a picture: `replaced`), `exterior` for any other change.
 */
function exteriorChange(
  published: PublishedManifest,
  current: PublishedManifest,
  replaced: ReadonlySet<string>,
): PendingChangeArea | undefined {
  const before = framesOf(published);
  const after = framesOf(current);
  if (same(before, after)) return undefined;
  if (before.length !== after.length || before.some((row, i) => row.length !== after[i]?.length)) return 'exterior';
  for (const [i, row] of after.entries()) {
    for (const [j, frame] of row.entries()) {
      const was = before[i]?.[j];
      if (same(was, frame)) continue;
      const keys = shownAtoms(frame.image);
      if ([...keys].some((k) => replaced.has(k))) return 'exterior';
    }
  }
  return 'blur';
}

export interface ManifestChanges {
  areas: PendingChangeArea[];
  /** Whether buyers see something the dealer's vehicle no longer shows (a file, a hotspot, a detail). */
  hides: boolean;
}

/**
 * The areas in which `current` differs from `published`. `replaced`: file names of frames replaced by a picture
 * (told apart from a blur). A change hides something when the published manifest names a file, a hotspot or an
 * item the current one does not, or shows a detail (a basic info field, the inspection) the current one does not,
 * or runs another analytics tag.
 */
export function manifestChanges(
  published: PublishedManifest,
  current: PublishedManifest,
  replaced: ReadonlySet<string> = new Set(),
): ManifestChanges {
  const areas: PendingChangeArea[] = [];
  const exterior = exteriorChange(published, current, replaced);
  if (exterior) areas.push(exterior);
  if (!same(scenesOf(published), scenesOf(current))) areas.push('interior');
  if (!same(hotspotsOf(published), hotspotsOf(current))) areas.push('hotspots');
  if (!same(published.category_images, current.category_images)) areas.push('category_images');
  if (!same(published.rider_view, current.rider_view)) areas.push('rider_view');
  if (!same(published.video_links, current.video_links)) areas.push('video_links');
  if (!same(detailsOf(published), detailsOf(current))) areas.push('details');

  const now = shownAtoms(current);
  const lostMedia = [...shownAtoms(published)].some((atom) => !now.has(atom));
  const shownKeys = new Set(current.basic_info.filter((b) => b.value !== null).map((b) => b.key));
  const lostInfo = published.basic_info.some((b) => b.value !== null && !shownKeys.has(b.key));
  const lostInspection =
    (published.inspection !== null && current.inspection === null) ||
    (published.damage_map !== null && current.damage_map === null);
  // The tag is a setting of the page rather than content the dealer prepares: on, off or another id, buyers get it
  // at once (docs/decisions.md, "Media and publishing calls").
  const tagChanged = published.analytics_tag !== current.analytics_tag;
  return { areas, hides: lostMedia || lostInfo || lostInspection || tagChanged };
}
