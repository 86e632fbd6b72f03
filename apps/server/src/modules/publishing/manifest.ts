import {
  BASIC_INFO_KEYS,
  type BasicInfoKey,
  EXTERIOR_ANGLE_IDS,
  inspectionData,
  MANIFEST_VERSION,
  type MediaImageAnswer,
  type PublishedManifest,
  readDomainOptions,
  SLIDER_CATEGORIES,
  type SliderCategory,
  videoLinkAnswer,
  type ZoomPoint,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { contentsStyleOf } from '../contents/answer.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { shownImage } from '../exterior/answer.ts';
import { imageAnswer } from '../vehicle-media/images.ts';
import { panoramaAnswer } from '../vehicle-media/panoramas.ts';
import { mediaRowsOf } from '../vehicle-media/rows.ts';
import { manifestHotspots } from './manifest-hotspots.ts';

/** Turns a stored key into the URL of its published copy (published-blobs.ts), recording it for the copy. */
type UrlOf = (key: string) => string;

const image = (stored: StoredImage, url: UrlOf): MediaImageAnswer => imageAnswer(stored, url);

type AngleId = (typeof EXTERIOR_ANGLE_IDS)[number];
const isAngle = (v: string): v is AngleId => (EXTERIOR_ANGLE_IDS as readonly string[]).includes(v);
const isCategory = (v: string | null): v is SliderCategory =>
  v !== null && (SLIDER_CATEGORIES as readonly string[]).includes(v);
const basicInfoKeys = new Set<string>(BASIC_INFO_KEYS);

/** The basic info the dealer chose to show, in their order; bigint prices come back from pg as strings. */
function basicInfo(row: ContentRecord): PublishedManifest['basic_info'] {
  const shown = Array.isArray(row.basic_info_shown) ? row.basic_info_shown : [];
  const keys = [...new Set(shown)].filter((k): k is BasicInfoKey => basicInfoKeys.has(k));
  return keys.map((key) => {
    const value = (row as unknown as Record<string, unknown>)[key];
    if (key === 'price_with_tax' || key === 'total_price_with_tax') {
      return { key, value: value === null || value === undefined ? null : Number(value) };
    }
    return { key, value: typeof value === 'string' || typeof value === 'number' ? value : null };
  });
}

/**
 * The manifest of a vehicle as its rows stand, read in the caller's transaction (under the vehicle's lock, so no
 * edit is half in it). Temp rows of the spin (made but never part of it) are left out, like the editor's preview.
 */
export async function buildManifest(
  db: Db,
  row: ContentRecord,
  shortId: string,
  builtAt: Date,
  url: UrlOf,
): Promise<PublishedManifest> {
  const options = readDomainOptions(row.domain_options);
  const media = await mediaRowsOf(db, row.id);
  const groups = media.groups.filter((g) => !g.is_temp);
  const { frames, settings, scenes, items } = media;
  // With the domain's hotspot-browser option off, no hotspot (nor its files) is published.
  const hotspots = options.hotspot_browser ? manifestHotspots(media, url, (s) => image(s, url)) : null;
  const rows = groups
    .map((g, i) => {
      const own = frames.filter((f) => f.group_id === g.id);
      return {
        order: i + 1,
        frames: own.map((f, j) => ({ order: j + 1, image: image(shownImage(f), url) })),
        hotspots: hotspots?.ofRow(g.id, own.length) ?? [],
      };
    })
    .filter((r) => r.frames.length > 0);
  const angle = settings?.initial_angle ?? 'front';
  const wantedRow = settings?.initial_row ?? options.obvr_initial_row;

  const rider = media.riderView;
  const inspection = inspectionData.safeParse(row.inspection ?? {});

  return {
    version: MANIFEST_VERSION,
    short_id: shortId,
    built_at: builtAt.toISOString(),
    contents_style: contentsStyleOf(row),
    vr_mode: row.vr_mode,
    exterior:
      rows.length === 0
        ? null
        : {
            initial_angle: isAngle(angle) ? angle : 'front',
            initial_row: Math.max(1, Math.min(wantedRow, rows.length)),
            rows,
          },
    interior:
      scenes.length === 0
        ? null
        : {
            scenes: scenes.map((s, i) => ({
              id: s.id,
              order: i + 1,
              title: s.title,
              image: panoramaAnswer(s.current ?? s.original, url),
              initial_view: s.initial_view,
              zoom_points: s.zoom_points as ZoomPoint[],
              hotspots: hotspots?.ofScene(s.id) ?? [],
            })),
          },
    rider_view: rider.map((r, i) => ({ order: i + 1, image: image(r.image, url) })),
    category_images: items
      .filter((it) => it.kind === 'image' && it.image !== null && isCategory(it.category))
      .map((it, i) => ({
        order: i + 1,
        category: it.category as SliderCategory,
        caption: it.caption,
        image: image(it.image as StoredImage, url),
      })),
    video_links: items
      .filter((it) => it.kind === 'video_link' && it.video_id !== null)
      .map((it, i) => ({ order: i + 1, caption: it.caption, ...videoLinkAnswer(it.video_id as string) })),
    basic_info: basicInfo(row),
    display: {
      development_view: row.development_view_display ? row.development_view_position : 'off',
      defects: row.defect_display,
      option: row.option_display,
    },
    inspection: row.inspection_data_display && inspection.success ? inspection.data : null,
    damage_map: row.development_view_display && inspection.success ? inspection.data.marks : null,
    analytics_tag:
      row.analytics_tag_enabled && options.analytics_tag && row.analytics_tag !== '' ? row.analytics_tag : null,
    options: {
      hotspots: options.hotspot_browser,
      exterior_frame_count: options.exterior_frame_count,
      splash_seconds: options.splash_seconds,
    },
  };
}
