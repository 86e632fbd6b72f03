import { z } from 'zod';
import { HOTSPOT_ICON_ID } from '../constants.ts';
import { idSchema } from './common.ts';
import {
  DAMAGE_TYPES,
  HOTSPOT_CATEGORIES,
  HOTSPOT_ICON_TYPES,
  HOTSPOT_TYPES,
  hotspotKeyFrameSchema,
} from './hotspots.ts';
import { mediaImageAnswer } from './media.ts';

/**
 * Hotspots as the published manifest carries them (publishing.ts): exterior hotspots inside the row they are placed
 * on (`exterior.rows[].hotspots`), interior hotspots inside their scene (`interior.scenes[].hotspots`). Empty when
 * the domain's hotspot-browser option is off (`options.hotspots` false).
 *
 * For the viewer:
 * - `title` and `body` are PLAIN TEXT, exactly as the dealer typed them (markup included, as inert characters).
 *   Write them as text nodes, never as HTML; `body` keeps its line breaks (render with `white-space: pre-line`).
 * - Every URL is either a file of the vehicle's published copy (`/svnmedia/contents/<id>/published/<sha256>.<ext>`,
 *   immutable) or a video-sharing URL built by the server from an 11-character id: nothing the dealer typed is a URL.
 * - What opening a hotspot shows follows its `type`: `image` -> `image`, `audio` -> `audio`, `video` -> `video`,
 *   `video_link` -> `video_link`, `closeup_360` -> `closeup` (a small spin of its own), `inspector` and
 *   `auto_detect` -> title and body only. A type whose file is missing (null) shows title and body only.
 * - The icon: `icon.url` (the dealer's PNG, at most 160x160, drawn at 40x40 CSS px) when set, else the standard icon
 *   `icon.id` (24 by default) in the style of `icon.type` (standard, sound, movie).
 * - Damage: `damage_colour` is a colour name or `#RRGGBB` (white by default), for the marker of a damage hotspot.
 */

const publishedFile = z.object({
  url: z.string(),
  bytes: z.number().int(),
  format: z.string().describe('mp3 or m4a for audio; mp4, wmv or avi for video'),
  duration_seconds: z.number(),
});

const publishedHotspotFields = {
  id: idSchema,
  type: z.enum(HOTSPOT_TYPES),
  icon: z.object({
    type: z.enum(HOTSPOT_ICON_TYPES),
    id: z.number().int().describe(`The standard icon's id (default ${HOTSPOT_ICON_ID}), drawn when url is null`),
    url: z.string().nullable().describe('The custom icon (PNG with transparency), or null'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  }),
  title: z.string().describe('Plain text: never HTML'),
  body: z.string().describe('Plain text with line breaks: never HTML'),
  category: z.enum(HOTSPOT_CATEGORIES),
  damage_type: z.enum(DAMAGE_TYPES).nullable(),
  damage_position: z.string().nullable().describe('Plain text (the part, e.g. "front bumper")'),
  damage_colour: z.string(),
  image: mediaImageAnswer.nullable(),
  audio: publishedFile.nullable(),
  video: publishedFile.extend({ width: z.number().int(), height: z.number().int() }).nullable(),
  video_link: z.object({ video_id: z.string(), watch_url: z.string(), thumbnail_url: z.string() }).nullable(),
  /** A 360 close-up: the frames of the row it opens, in spin order (first frame first). */
  closeup: z.object({ frames: z.array(z.object({ order: z.number().int(), image: mediaImageAnswer })) }).nullable(),
};

export const publishedExteriorHotspot = z.object({
  ...publishedHotspotFields,
  /** Frame indices are 0-based positions in the row's `frames` (frames[i].order is i + 1). */
  key_frames: z.array(hotspotKeyFrameSchema),
  /** The frames (0-based, ascending) on which it is visible; its point there is `hotspotPositionAt(key_frames, ...)`. */
  frames: z.array(z.number().int()),
});
export type PublishedExteriorHotspot = z.output<typeof publishedExteriorHotspot>;

export const publishedInteriorHotspot = z.object({
  ...publishedHotspotFields,
  /** Degrees, as Photo Sphere Viewer takes them: yaw -180..180, pitch -90..90. */
  yaw: z.number(),
  pitch: z.number(),
});
export type PublishedInteriorHotspot = z.output<typeof publishedInteriorHotspot>;
