import type { BlurRegion } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import {
  appliedSettings,
  type BlurDraftSettings,
  DRAFT_MAX_AGE_MS,
  draftKey,
  hasUnappliedChanges,
  type StoredBlurDraft,
  usableDraft,
} from './draft.ts';

const plate: BlurRegion = {
  id: 'r1',
  shape: 'rect',
  all_frames: false,
  keys: [{ frame: 0, box: { x: 0.4, y: 0.5, w: 0.2, h: 0.1 } }],
};
const none: BlurDraftSettings = { blur_target: 'regions', blur_str: 50, bg_color: null, regions: [] };
const drawn: BlurDraftSettings = { ...none, regions: [plate] };
const frames = (n: number) => Array.from({ length: n }, () => ({}) as never);
const savedAt = '2026-05-01T10:00:00.000Z';
const now = new Date('2026-05-02T10:00:00.000Z');
const stored = (change: Partial<StoredBlurDraft> = {}): StoredBlurDraft => ({
  ...drawn,
  frames: 36,
  base: savedAt,
  at: '2026-05-02T09:00:00.000Z',
  ...change,
});

describe('hasUnappliedChanges: what the close asks about and the draft keeps', () => {
  it('a drawn region, a moved box, another strength or colour over applied regions are changes', () => {
    expect(hasUnappliedChanges(drawn, none)).toBe(true);
    const moved = { ...plate, keys: [{ frame: 0, box: { x: 0.41, y: 0.5, w: 0.2, h: 0.1 } }] };
    expect(hasUnappliedChanges({ ...drawn, regions: [moved] }, drawn)).toBe(true);
    expect(hasUnappliedChanges({ ...drawn, blur_str: 80 }, drawn)).toBe(true);
    expect(hasUnappliedChanges({ ...drawn, blur_str: null, bg_color: '#202020' }, drawn)).toBe(true);
  });

  it('equal settings built in another field order are not; nor is a strength moved with no region anywhere', () => {
    const reordered = {
      regions: [{ keys: plate.keys, all_frames: false, shape: 'rect', id: 'r1' }],
      bg_color: null,
      blur_str: 50,
      blur_target: 'regions',
    } as BlurDraftSettings;
    expect(hasUnappliedChanges(reordered, drawn)).toBe(false);
    expect(hasUnappliedChanges({ ...none, blur_str: 90 }, none)).toBe(false);
    // Removing every applied region is a change (applying it would clear the row's blur).
    expect(hasUnappliedChanges(none, drawn)).toBe(true);
  });
});

describe('usableDraft: restored only over the settings it was drawn on', () => {
  const row = { settings: { ...drawn, saved_at: savedAt }, frames: frames(36) };

  it('takes a fresh draft of the same row', () => {
    expect(usableDraft(stored(), row, now)).toEqual(stored());
    expect(usableDraft(stored({ base: null }), { settings: null, frames: frames(36) }, now)).not.toBe(null);
  });

  it('drops none, a row made again (other frame count), a blur applied since, a month-old draft', () => {
    expect(usableDraft(null, row, now)).toBe(null);
    expect(usableDraft(stored({ frames: 24 }), row, now)).toBe(null);
    expect(usableDraft(stored({ base: null }), row, now)).toBe(null);
    expect(usableDraft(stored({ base: '2026-04-01T00:00:00.000Z' }), row, now)).toBe(null);
    const old = new Date(now.getTime() - DRAFT_MAX_AGE_MS - 1000).toISOString();
    expect(usableDraft(stored({ at: old }), row, now)).toBe(null);
  });
});

describe('appliedSettings and the storage key', () => {
  it('a row never blurred opens with no region and the default strength; a blurred one with its settings', () => {
    expect(appliedSettings({ settings: null }, 50)).toEqual(none);
    expect(appliedSettings({ settings: { ...drawn, saved_at: savedAt } }, 50)).toEqual(drawn);
  });

  it('one entry per vehicle and row', () => {
    expect(draftKey('c1', 'g1')).toBe('spinyard.blur_draft.c1.g1');
    expect(draftKey('c1', 'g2')).not.toBe(draftKey('c1', 'g1'));
  });
});
