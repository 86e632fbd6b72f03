import { createHash } from 'node:crypto';
import type { ContentMovieKind, ContentMovieSettings, MovieScene as SceneSettings } from '@spinyard/domain';
import type { MovieCaption, MovieMotion, PanoramaView } from '../../platform/media/media.ts';
import type { MediaRows } from '../vehicle-media/rows.ts';
import { type MovieFormat, VIEW_FOV } from './format.ts';

/**
 * What each movie is made of, decided from the vehicle's rows and the wizard's settings before anything is decoded:
 * the scenes (blob keys and texts), and the hash of all of it. The same inputs give the same hash, so a render
 * whose movie already stands keeps it, and a movie whose hash differs from what it would be now is stale.
 */

/** Bumped when the way a movie is made changes, so every movie made before reads as stale. */
const RENDER_VERSION = 1;
/**
 * The promo's own, bumped when its texts are placed otherwise (2: a part's text gives way to zoom captions); in the
 * hash only of promos it changes, so the others do not read as stale.
 */
const PROMO_TEXTS_VERSION = 2;
/**
 * The opening's layout, in the hash only of promos with an opening text (2: the title at a tenth of the height, on
 * a band), so those made before read as stale and the dealer can make them again.
 */
const OPENING_LAYOUT_VERSION = 2;
/**
 * The captions' layout (1: 6.5% of the height, wrapped rather than shrunk, each line on its own box), in the hash
 * only of movies with a caption (a part's, a category image's or a zoom point's), so those read as stale.
 */
const CAPTION_LAYOUT_VERSION = 1;

export type PlannedShot =
  | { kind: 'still'; key: string; seconds: number; motion: MovieMotion }
  | { kind: 'blank'; seconds: number }
  | { kind: 'turn'; keys: string[]; seconds: number }
  | { kind: 'pan'; key: string; views: PanoramaView[] }
  /** The obvr or tour movie, reused as it stands (its inputs unchanged). */
  | { kind: 'movie'; movie: 'obvr' | 'tour' };

export interface PlannedScene {
  shot: PlannedShot;
  captions: MovieCaption[];
}

export interface MoviePlan {
  kind: ContentMovieKind;
  hash: string;
  scenes: PlannedScene[];
  musicKey: string | null;
}

export interface PromoFacts {
  openingKey: string | null;
  musicKey: string | null;
}

const hashOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The caption layout's version for the hash of scenes with a caption drawn in their lower part, else nothing. */
const captionLayout = (scenes: readonly PlannedScene[]) =>
  scenes.some((scene) => scene.captions.some((c) => c.placement === 'lower'))
    ? { captionLayout: CAPTION_LAYOUT_VERSION }
    : {};

const caption = (text: string, extra: Partial<MovieCaption> = {}): MovieCaption[] =>
  text === '' ? [] : [{ lines: [{ text, role: 'caption' }], placement: 'lower', ...extra }];

/** A planned shot's length, where the plan knows it (a reused movie's is its file's). */
const plannedSeconds = (shot: PlannedShot, fps: number): number | undefined =>
  shot.kind === 'pan' ? shot.views.length / fps : shot.kind === 'movie' ? undefined : shot.seconds;

/**
 * A part's own text (the exterior's, the interior's) over the part's first scene, except while one of that scene's
 * timed captions shows (a zoom point's): both sit at the same place, and drawn together each covered the other.
 * `end` bounds the last window when the scene is not a shot of its own (the first scene of a reused movie).
 */
function partCaptions(text: string, first: PlannedScene | undefined, end: number | undefined): MovieCaption[] {
  const timed = (first?.captions ?? [])
    .filter((c): c is MovieCaption & { from: number } => c.from !== undefined)
    .sort((a, b) => a.from - b.from);
  if (timed.length === 0) return caption(text, end === undefined ? {} : { from: 0, to: end });
  const windows: Array<{ from: number; to?: number }> = [];
  let at = 0;
  for (const shown of timed) {
    if (shown.from > at) windows.push({ from: at, to: shown.from });
    at = Math.max(at, shown.to ?? Number.POSITIVE_INFINITY);
  }
  if (Number.isFinite(at) && (end === undefined || at < end))
    windows.push(end === undefined ? { from: at } : { from: at, to: end });
  return windows.flatMap((window) => caption(text, window));
}

/** The spin's rows shown in the viewer (not the editor's temporary ones), each a list of frame keys in order. */
function spinRows(rows: MediaRows): string[][] {
  return rows.groups
    .filter((group) => !group.is_temp)
    .map((group) => rows.frames.filter((f) => f.group_id === group.id).map((f) => (f.edited ?? f.original).master))
    .filter((keys) => keys.length > 1);
}

export function obvrPlan(rows: MediaRows, format: MovieFormat): MoviePlan {
  const scenes: PlannedScene[] = spinRows(rows).map((keys) => ({
    shot: { kind: 'turn', keys, seconds: format.turnSeconds },
    captions: [],
  }));
  return { kind: 'obvr', hash: hashOf({ v: RENDER_VERSION, kind: 'obvr', format, scenes }), scenes, musicKey: null };
}

const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
const shortestTurn = (from: number, to: number) => ((((to - from) % 360) + 540) % 360) - 180;

/**
 * The camera's path through one scene, frame by frame: held at the start point, then to each zoom point in turn
 * (the shorter way round), in, held with its caption, out; without zoom points a quarter turn from the start.
 */
export function scenePath(scene: SceneSettings, format: MovieFormat, fps: number) {
  const views: PanoramaView[] = [];
  const captions: MovieCaption[] = [];
  let at: PanoramaView = { yaw: scene.start.yaw, pitch: scene.start.pitch, fov: VIEW_FOV.wide };
  const move = (to: PanoramaView, seconds: number) => {
    const from = at;
    const turn = shortestTurn(from.yaw, to.yaw);
    const frames = Math.max(1, Math.round(seconds * fps));
    for (let i = 1; i <= frames; i++) {
      const k = ease(i / frames);
      views.push({
        yaw: from.yaw + turn * k,
        pitch: from.pitch + (to.pitch - from.pitch) * k,
        fov: from.fov + (to.fov - from.fov) * k,
      });
    }
    at = to;
  };
  const hold = (seconds: number) => {
    for (let i = Math.round(seconds * fps); i > 0; i--) views.push({ ...at });
  };
  views.push({ ...at });
  hold(format.startHoldSeconds);
  if (scene.zoom_points.length === 0) {
    move({ ...at, yaw: at.yaw + 90 }, format.panSeconds);
  }
  for (const point of scene.zoom_points) {
    const degrees = Math.hypot(shortestTurn(at.yaw, point.yaw), point.pitch - at.pitch);
    move(
      { yaw: point.yaw, pitch: point.pitch, fov: VIEW_FOV.wide },
      Math.max(0.8, degrees / format.panDegreesPerSecond),
    );
    move({ yaw: point.yaw, pitch: point.pitch, fov: VIEW_FOV.zoomed }, format.zoomInSeconds);
    const from = views.length / fps;
    hold(format.zoomHoldSeconds);
    captions.push(...caption(point.text, { from, to: views.length / fps }));
    move({ yaw: point.yaw, pitch: point.pitch, fov: VIEW_FOV.wide }, format.zoomInSeconds);
  }
  return { views, captions };
}

/** The scenes filmed: the settings' own, or every scene from its initial view; only scenes that still exist. */
function tourScenes(rows: MediaRows, settings: ContentMovieSettings): Array<{ key: string; scene: SceneSettings }> {
  const byId = new Map(rows.scenes.map((s) => [s.id, s]));
  const chosen: SceneSettings[] =
    settings.scenes.length > 0
      ? settings.scenes
      : rows.scenes.map((s) => ({
          scene_id: s.id,
          start: { yaw: s.initial_view.yaw, pitch: s.initial_view.pitch },
          zoom_points: [],
        }));
  return chosen.flatMap((scene) => {
    const row = byId.get(scene.scene_id);
    return row ? [{ key: (row.current ?? row.original).master, scene }] : [];
  });
}

export function tourPlan(rows: MediaRows, settings: ContentMovieSettings, format: MovieFormat, fps: number): MoviePlan {
  const scenes: PlannedScene[] = tourScenes(rows, settings).map(({ key, scene }) => {
    const path = scenePath(scene, format, fps);
    return { shot: { kind: 'pan', key, views: path.views }, captions: path.captions };
  });
  return {
    kind: 'tour',
    hash: hashOf({ v: RENDER_VERSION, ...captionLayout(scenes), kind: 'tour', format, scenes }),
    scenes,
    musicKey: null,
  };
}

const MOTIONS: readonly MovieMotion[] = ['zoom_in', 'pan_right', 'zoom_out', 'pan_left'];

/**
 * The promo: the opening (its image, else the first category image, else a plain card; title and subtitle), then
 * the parts in the settings' order, each only when the vehicle has something to show in it. The exterior and
 * interior parts are the obvr and tour movies' scenes; `reuse` says which of those movies stands as they would be
 * made now, to be put in as it is rather than made again (the promo's hash is the same either way).
 */
export function sliderPlan(
  rows: MediaRows,
  settings: ContentMovieSettings,
  facts: PromoFacts,
  parts: { obvr: MoviePlan; tour: MoviePlan; reuse: { obvr: boolean; tour: boolean } },
  format: MovieFormat,
  fps: number,
): MoviePlan {
  const items = new Map(rows.items.filter((i) => i.kind === 'image' && i.image).map((i) => [i.id, i]));
  const categories = settings.category_images.flatMap((chosen) => {
    const image = items.get(chosen.item_id)?.image;
    return image ? [{ key: image.master, text: chosen.text }] : [];
  });
  const { title, subtitle } = settings.opening;
  const lines = [
    ...(title === '' ? [] : title.split('\n').map((text) => ({ text, role: 'title' as const }))),
    ...(subtitle === '' ? [] : subtitle.split('\n').map((text) => ({ text, role: 'subtitle' as const }))),
  ];
  const openingKey = facts.openingKey ?? categories[0]?.key ?? null;
  const scenes: PlannedScene[] = [
    {
      shot: openingKey
        ? { kind: 'still', key: openingKey, seconds: format.openingSeconds, motion: 'zoom_in' }
        : { kind: 'blank', seconds: format.openingSeconds },
      captions: lines.length > 0 ? [{ lines, placement: 'center' }] : [],
    },
  ];
  const inputs: unknown[] = [];
  let windowed = false;
  for (const section of settings.sections) {
    if (section === 'categories') {
      for (const [i, c] of categories.entries()) {
        scenes.push({
          shot: {
            kind: 'still',
            key: c.key,
            seconds: format.categorySeconds,
            motion: MOTIONS[i % MOTIONS.length] as MovieMotion,
          },
          captions: caption(c.text),
        });
      }
      inputs.push(categories);
    } else {
      const part = section === 'exterior' ? parts.obvr : parts.tour;
      const text = section === 'exterior' ? settings.exterior_text : settings.interior_text;
      if (part.scenes.length === 0) continue;
      inputs.push({ section, hash: part.hash, text });
      const first = part.scenes[0];
      if (text !== '' && first?.captions.some((c) => c.from !== undefined)) windowed = true;
      if (parts.reuse[part.kind as 'obvr' | 'tour']) {
        // The reused movie is every scene of the part: the text stays over its first, as when they are made here.
        const end = part.scenes.length > 1 && first ? plannedSeconds(first.shot, fps) : undefined;
        const captions = partCaptions(text, first, end);
        scenes.push({ shot: { kind: 'movie', movie: part.kind as 'obvr' | 'tour' }, captions });
      } else {
        for (const [i, scene] of part.scenes.entries()) {
          const own = i === 0 ? partCaptions(text, scene, undefined) : [];
          scenes.push({ shot: scene.shot, captions: [...scene.captions, ...own] });
        }
      }
    }
  }
  const hash = hashOf({
    v: RENDER_VERSION,
    ...(windowed ? { texts: PROMO_TEXTS_VERSION } : {}),
    ...(lines.length > 0 ? { openingLayout: OPENING_LAYOUT_VERSION } : {}),
    ...captionLayout(scenes),
    kind: 'slider',
    format,
    opening: { key: openingKey, lines },
    music: facts.musicKey,
    inputs,
  });
  return { kind: 'slider', hash, scenes, musicKey: facts.musicKey };
}
