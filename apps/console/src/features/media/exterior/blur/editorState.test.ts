import { framesWithRegions, regionBoxAt } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import {
  boxBetween,
  boxForEdit,
  DEFAULT_BOX,
  type EditorState,
  editorReducer,
  initialState,
  neighbours,
  nextRegionId,
} from './editorState.ts';

const start = (): EditorState => initialState([], 36);

describe('editorReducer: one plate on every frame with a few gestures', () => {
  it('draw on frame 0, go to frame 18 and move the box: frames 0..18 carry it, interpolated', () => {
    let s = editorReducer(start(), { type: 'draw', box: { x: 0.1, y: 0.5, w: 0.2, h: 0.1 } });
    expect(s.selected).toBe('r1');
    s = editorReducer(s, { type: 'goto', frame: 18 });
    // The region is not on frame 18 yet: the box to pick up is the one of its nearest key frame.
    expect(boxForEdit(s.regions[0]!, 18, 36)).toEqual({ x: 0.1, y: 0.5, w: 0.2, h: 0.1 });
    s = editorReducer(s, { type: 'place', id: 'r1', box: { x: 0.7, y: 0.5, w: 0.2, h: 0.1 } });
    expect(s.regions[0]!.keys.map((k) => k.frame)).toEqual([0, 18]);
    expect(framesWithRegions(s.regions, 36)).toHaveLength(19);
    expect(regionBoxAt(s.regions[0]!, 9, 36)?.x).toBeCloseTo(0.4);
  });

  it('the keyboard: add a region, move it with arrows, resize with shift, on the frame shown', () => {
    let s = editorReducer(editorReducer(start(), { type: 'goto', frame: 5 }), { type: 'add' });
    expect(s.regions[0]!.keys).toEqual([{ frame: 5, box: DEFAULT_BOX }]);
    s = editorReducer(s, { type: 'nudge', dx: 0.01, dy: 0, resize: false });
    s = editorReducer(s, { type: 'nudge', dx: 0.01, dy: 0.02, resize: true });
    const box = s.regions[0]!.keys[0]!.box;
    expect(box.x).toBeCloseTo(0.41);
    expect(box.w).toBeCloseTo(0.21);
    expect(box.h).toBeCloseTo(0.12);
    // On another frame, an arrow adds a key frame there.
    s = editorReducer(editorReducer(s, { type: 'goto', frame: 8 }), { type: 'nudge', dx: 0, dy: -0.01, resize: false });
    expect(s.regions[0]!.keys.map((k) => k.frame)).toEqual([5, 8]);
  });

  it('wraps frames, removes key frames and regions, and keeps the selection sensible', () => {
    let s = editorReducer(start(), { type: 'goto', frame: -1 });
    expect(s.frame).toBe(35);
    s = editorReducer(s, { type: 'add' });
    s = editorReducer(s, { type: 'add' });
    expect(s.regions.map((r) => r.id)).toEqual(['r1', 'r2']);
    s = editorReducer(s, { type: 'removeKey', id: 'r2' });
    expect(s.regions.map((r) => r.id)).toEqual(['r1']);
    expect(s.selected).toBe('r1');
    s = editorReducer(s, { type: 'allFrames', id: 'r1', allFrames: true });
    s = editorReducer(s, { type: 'shape', id: 'r1', shape: 'ellipse' });
    expect(s.regions[0]).toMatchObject({ all_frames: true, shape: 'ellipse' });
    s = editorReducer(s, { type: 'remove', id: 'r1' });
    expect(s).toMatchObject({ regions: [], selected: null });
  });

  it('stops at the regions limit', () => {
    let s = start();
    for (let i = 0; i < 25; i++) s = editorReducer(s, { type: 'add' });
    expect(s.regions).toHaveLength(20);
  });
});

describe('helpers', () => {
  it('names regions r1, r2... skipping taken ids', () => {
    expect(nextRegionId([])).toBe('r1');
    expect(nextRegionId([{ id: 'r2', shape: 'rect', all_frames: false, keys: [] }])).toBe('r3');
  });

  it('makes a box from a drag either way, inside the frame', () => {
    expect(boxBetween({ x: 0.5, y: 0.5 }, { x: 0.2, y: 1.4 })).toEqual({ x: 0.2, y: 0.5, w: 0.3, h: 0.5 });
  });

  it('lists the neighbours either side, wrapping round the spin', () => {
    expect(neighbours(0, 36)).toEqual([34, 35, 1, 2]);
    expect(neighbours(1, 3)).toEqual([2, 0]);
  });
});
