import type { ProcessAnswer, PublicationState } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { type ActionSubject, bulkDeletable, bulkTransferable, contentActions } from './contentActions.ts';

const process = (name: ProcessAnswer['process'], status: ProcessAnswer['status'] = 'running'): ProcessAnswer => ({
  id: '1',
  process: name,
  status,
  progress: 40,
  started_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  error: null,
});

const subject = (publication: PublicationState, over: Partial<ActionSubject> = {}): ActionSubject => ({
  publication,
  vr_mode: false,
  processes: [],
  ...over,
});

const names = (s: ActionSubject, canTransfer = true) => contentActions(s, { canTransfer }).map((a) => a.action);

describe('the actions a vehicle offers', () => {
  it.each([
    ['unpublished', ['publish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['published', ['unpublish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['limited_public', ['publish', 'unpublish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['sleeping', ['wake', 'vr_on', 'copy', 'transfer', 'delete']],
    ['deleted', ['restore', 'delete_permanently']],
    ['permanently_deleted', []],
  ] as const)('from %s: %j', (state, expected) => {
    expect(names(subject(state))).toEqual(expected);
  });

  it('offers VR mode off instead of on when it is on, and no transfer without the right', () => {
    expect(names(subject('published', { vr_mode: true }), false)).toEqual([
      'unpublish',
      'sleep',
      'vr_off',
      'copy',
      'delete',
    ]);
  });
});

describe('locks from running processes', () => {
  it('blur locks delete and transfer but not publication', () => {
    const actions = contentActions(subject('unpublished', { processes: [process('blur')] }), { canTransfer: true });
    const locked = Object.fromEntries(actions.map((a) => [a.action, a.lockedBy]));
    expect(locked.delete).toEqual(['blur']);
    expect(locked.transfer).toEqual(['blur']);
    expect(locked.copy).toEqual(['blur']);
    expect(locked.publish).toEqual([]);
    expect(locked.sleep).toEqual([]);
  });

  it('a slider movie locks the content operations, hotspot detection none of them', () => {
    const slider = contentActions(subject('unpublished', { processes: [process('slider_movie')] }), {
      canTransfer: true,
    });
    const locked = Object.fromEntries(slider.map((a) => [a.action, a.lockedBy]));
    expect(locked.publish).toEqual(['slider_movie']);
    expect(locked.delete).toEqual(['slider_movie']);
    const detection = contentActions(
      subject('unpublished', { processes: [process('exterior_autodetect_annotation')] }),
      { canTransfer: true },
    );
    expect(detection.every((a) => a.lockedBy.length === 0)).toBe(true);
  });

  it('a transfer locks everything; a finished or failed process locks nothing', () => {
    const running = contentActions(subject('published', { processes: [process('transfer', 'queued')] }), {
      canTransfer: true,
    });
    expect(running.every((a) => a.lockedBy.includes('transfer'))).toBe(true);
    const done = contentActions(
      subject('published', { processes: [process('transfer', 'succeeded'), process('blur', 'failed')] }),
      { canTransfer: true },
    );
    expect(done.every((a) => a.lockedBy.length === 0)).toBe(true);
  });

  it('a vehicle with a locking process cannot be ticked for bulk delete or transfer', () => {
    expect(bulkDeletable(subject('published'))).toBe(true);
    expect(bulkDeletable(subject('published', { processes: [process('color')] }))).toBe(false);
    expect(bulkDeletable(subject('deleted'))).toBe(false);
    expect(bulkTransferable(subject('sleeping'))).toBe(true);
    expect(bulkTransferable(subject('sleeping', { processes: [process('copy')] }))).toBe(false);
  });
});
