import { describe, expect, it } from 'vitest';
import {
  applyPublicationAction,
  canTransition,
  embedCode,
  PUBLICATION_ACTIONS,
  PUBLICATION_STATES,
  PUBLICATION_TRANSITIONS,
  type PublicationAction,
  type PublicationState,
} from './publication.ts';
import { transitionAnswers } from './transitions.fixture.ts';

describe('publication canTransition', () => {
  it.each([
    ['unpublished', 'published', { ok: true }],
    ['published', 'unpublished', { ok: true }],
    ['published', 'limited_public', { ok: true }],
    ['limited_public', 'published', { ok: true }],
    ['published', 'sleeping', { ok: true }],
    ['sleeping', 'unpublished', { ok: true }],
    ['sleeping', 'published', { ok: false, reason: 'wake_first' }],
    ['published', 'deleted', { ok: true }],
    ['deleted', 'unpublished', { ok: true }],
    ['deleted', 'published', { ok: false, reason: 'restore_first' }],
    ['deleted', 'permanently_deleted', { ok: true }],
    ['published', 'permanently_deleted', { ok: false, reason: 'permanent_delete_only_from_deleted' }],
    ['unpublished', 'permanently_deleted', { ok: false, reason: 'permanent_delete_only_from_deleted' }],
    ['permanently_deleted', 'unpublished', { ok: false, reason: 'permanently_deleted_is_final' }],
    ['published', 'published', { ok: false, reason: 'already_in_state' }],
  ] as const)('%s -> %s', (from, to, expected) => {
    expect(canTransition(from, to)).toEqual(expected);
  });

  it('publishing without registered images is refused', () => {
    expect(canTransition('unpublished', 'published', { hasImages: false })).toEqual({
      ok: false,
      reason: 'publish_without_images',
    });
    expect(canTransition('unpublished', 'limited_public', { hasImages: false })).toEqual({
      ok: false,
      reason: 'publish_without_images',
    });
    expect(canTransition('published', 'unpublished', { hasImages: false })).toEqual({ ok: true });
    expect(canTransition('unpublished', 'published', { hasImages: true })).toEqual({ ok: true });
  });

  it('property: only deleted leads to permanently_deleted, and only deleted can be restored', () => {
    for (const [from, to, ok] of transitionAnswers(PUBLICATION_STATES, canTransition)) {
      expect(ok).toBe(PUBLICATION_TRANSITIONS[from].includes(to));
      if (to === 'permanently_deleted') expect(ok).toBe(from === 'deleted');
      if (from === 'deleted' && ok) expect(['unpublished', 'permanently_deleted']).toContain(to);
    }
  });
});

describe('applyPublicationAction', () => {
  const cases: [PublicationState, PublicationAction, PublicationState | string][] = [
    ['unpublished', 'publish', 'published'],
    ['published', 'unpublish', 'unpublished'],
    ['sleeping', 'wake', 'unpublished'],
    ['deleted', 'restore', 'unpublished'],
    ['deleted', 'delete_permanently', 'permanently_deleted'],
    ['published', 'delete', 'deleted'],
    ['published', 'restore', 'restore_only_from_deleted'],
    ['sleeping', 'restore', 'restore_only_from_deleted'],
    ['sleeping', 'publish', 'wake_first'],
    ['permanently_deleted', 'restore', 'permanently_deleted_is_final'],
    ['published', 'publish', 'already_in_state'],
    ['unpublished', 'wake', 'not_sleeping'],
    ['sleeping', 'unpublish', 'wake_first'],
    ['unpublished', 'unpublish', 'already_in_state'],
    ['published', 'delete_permanently', 'permanent_delete_only_from_deleted'],
    ['deleted', 'publish', 'restore_first'],
    ['deleted', 'delete', 'already_in_state'],
    ['limited_public', 'publish_limited', 'already_in_state'],
  ];

  it('publishing needs images through the action too', () => {
    expect(applyPublicationAction('unpublished', 'publish', { hasImages: false })).toEqual({
      ok: false,
      reason: 'publish_without_images',
    });
  });
  it.each(cases)('%s + %s = %s', (from, action, expected) => {
    const r = applyPublicationAction(from, action);
    expect(r.ok ? r.to : r.reason).toBe(expected);
  });

  it('every action is consistent with the transition table', () => {
    for (const [name, a] of Object.entries(PUBLICATION_ACTIONS)) {
      for (const from of a.from) expect(PUBLICATION_TRANSITIONS[from], name).toContain(a.to);
    }
  });
});

describe('embedCode', () => {
  it('frames the viewer in a 16:9 box, its title given and escaped', () => {
    const code = embedCode('https://v.example/v/Ab3', 'Vue 360° "A&B" <x>');
    expect(code).toContain(
      '<iframe src="https://v.example/v/Ab3?embed=1" title="Vue 360° &quot;A&amp;B&quot; &lt;x&gt;"',
    );
    expect(code).toContain('padding-top:56.25%');
  });
});
