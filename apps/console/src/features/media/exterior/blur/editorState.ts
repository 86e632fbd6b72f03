import {
  BLUR_LIMITS,
  type BlurBox,
  type BlurRegion,
  type BlurShape,
  forwardDistance,
  moveBox,
  regionBoxAt,
  removeKeyFrame,
  resizeBox,
  setKeyFrame,
} from '@spinyard/domain';
import { hasKeyOn } from '../../../../shared/frames/frameKeys.ts';

/**
 * The blur editor's state: the row's regions (the domain's key-frame geometry does the carrying to other frames),
 * the selected region and the frame shown. Pure, so each gesture (a drag, an arrow key, a button) is one action and
 * can be tested without a browser.
 */

export interface EditorState {
  regions: BlurRegion[];
  selected: string | null;
  frame: number;
  /** Frames in the row. */
  n: number;
}

export type EditorAction =
  | { type: 'goto'; frame: number }
  | { type: 'select'; id: string | null }
  /** A new region with a default box on the frame shown ("add region"). */
  | { type: 'add' }
  /** A new region drawn on the frame shown. */
  | { type: 'draw'; box: BlurBox }
  /** The region's box on the frame shown (a key frame there). */
  | { type: 'place'; id: string; box: BlurBox }
  /** Arrow keys: the selected region moved (or, with `resize`, grown) on the frame shown. */
  | { type: 'nudge'; dx: number; dy: number; resize: boolean }
  | { type: 'remove'; id: string }
  | { type: 'removeKey'; id: string }
  | { type: 'shape'; id: string; shape: BlurShape }
  | { type: 'allFrames'; id: string; allFrames: boolean }
  | { type: 'reset'; regions: BlurRegion[] };

/** Where "add region" puts its box: a plate-sized box in the middle of the frame. */
export const DEFAULT_BOX: BlurBox = { x: 0.4, y: 0.45, w: 0.2, h: 0.1 };
/** A drawn box smaller than this (either side) is a click, not a region. */
export const MIN_DRAWN = 0.01;

export function initialState(regions: readonly BlurRegion[], n: number): EditorState {
  return { regions: [...regions], selected: regions[0]?.id ?? null, frame: 0, n };
}

/** A fresh id: `r1`, `r2`... the first one no region has. */
export function nextRegionId(regions: readonly BlurRegion[]): string {
  const taken = new Set(regions.map((r) => r.id));
  let i = regions.length + 1;
  while (taken.has(`r${i}`)) i += 1;
  return `r${i}`;
}

/**
 * The box to edit on `frame`: where the region is there, else its box on the nearest key frame (round the
 * circle), so a region can be picked up on a frame it does not reach yet and placed there (a new key frame).
 */
export function boxForEdit(region: BlurRegion, frame: number, n: number): BlurBox | null {
  const here = regionBoxAt(region, frame, n);
  if (here) return here;
  let best: { box: BlurBox; distance: number } | null = null;
  for (const key of region.keys) {
    const distance = Math.min(forwardDistance(frame, key.frame, n), forwardDistance(key.frame, frame, n));
    if (!best || distance < best.distance) best = { box: key.box, distance };
  }
  return best?.box ?? null;
}

const mapRegion = (state: EditorState, id: string, change: (r: BlurRegion) => BlurRegion | null): BlurRegion[] =>
  state.regions.flatMap((r) => {
    if (r.id !== id) return [r];
    const changed = change(r);
    return changed ? [changed] : [];
  });

function withNew(state: EditorState, box: BlurBox): EditorState {
  if (state.regions.length >= BLUR_LIMITS.maxRegions) return state;
  const id = nextRegionId(state.regions);
  const region: BlurRegion = { id, shape: 'rect', all_frames: false, keys: [{ frame: state.frame, box }] };
  return { ...state, regions: [...state.regions, region], selected: id };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'goto':
      return { ...state, frame: ((action.frame % state.n) + state.n) % state.n };
    case 'select':
      return { ...state, selected: action.id };
    case 'add':
      return withNew(state, DEFAULT_BOX);
    case 'draw':
      return withNew(state, action.box);
    case 'place':
      return {
        ...state,
        selected: action.id,
        regions: mapRegion(state, action.id, (r) => setKeyFrame(r, state.frame, action.box, state.n)),
      };
    case 'nudge': {
      const id = state.selected;
      const region = state.regions.find((r) => r.id === id);
      if (!id || !region) return state;
      const box = boxForEdit(region, state.frame, state.n);
      if (!box) return state;
      const next = action.resize ? resizeBox(box, action.dx, action.dy) : moveBox(box, action.dx, action.dy);
      return { ...state, regions: mapRegion(state, id, (r) => setKeyFrame(r, state.frame, next, state.n)) };
    }
    case 'remove': {
      const regions = state.regions.filter((r) => r.id !== action.id);
      const selected = state.selected === action.id ? (regions.at(-1)?.id ?? null) : state.selected;
      return { ...state, regions, selected };
    }
    case 'removeKey': {
      const regions = mapRegion(state, action.id, (r) => removeKeyFrame(r, state.frame));
      const selected = regions.some((r) => r.id === state.selected) ? state.selected : (regions.at(-1)?.id ?? null);
      return { ...state, regions, selected };
    }
    case 'shape':
      return { ...state, regions: mapRegion(state, action.id, (r) => ({ ...r, shape: action.shape })) };
    case 'allFrames':
      return { ...state, regions: mapRegion(state, action.id, (r) => ({ ...r, all_frames: action.allFrames })) };
    case 'reset':
      return initialState(action.regions, state.n);
  }
}

/** The box from a drag's start to its end, in frame fractions (either direction), kept inside the frame. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): BlurBox {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x = clamp(Math.min(a.x, b.x));
  const y = clamp(Math.min(a.y, b.y));
  return { x, y, w: clamp(Math.max(a.x, b.x)) - x, h: clamp(Math.max(a.y, b.y)) - y };
}

/** The frames either side of `frame` (wrapping round the spin), nearest first on each side, none twice. */
export function neighbours(frame: number, n: number, each = 2): number[] {
  const out: number[] = [];
  for (let d = -each; d <= each; d++) {
    if (d === 0) continue;
    const f = (((frame + d) % n) + n) % n;
    if (f !== frame && !out.includes(f)) out.push(f);
  }
  return out;
}

/** Whether the region has a key frame on `frame` (drawn solid there; carried boxes are drawn dashed). */
export const isKeyFrame = (region: BlurRegion, frame: number): boolean => hasKeyOn(region.keys, frame);
