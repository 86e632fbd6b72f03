import { type BlurRowAnswer, type BlurSettings, blurSettings } from '@spinyard/domain';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../../../lib/storageKeys.ts';

/**
 * The blur editor's unapplied work, kept in this browser per vehicle and row (issue 9). The server keeps a row's
 * settings only when a blur is applied (the spec has no draft call), and regions drawn for minutes must survive a
 * closed editor, a reload or a closed tab. Pure functions plus three small storage calls, so the rules (what counts
 * as a change, when a draft is stale) are tested without a browser.
 */

/** The settings a draft holds: the domain's blur settings (the apply body's, without the row id). */
export const blurDraftSettings = blurSettings;
export type BlurDraftSettings = BlurSettings;

const storedDraft = blurDraftSettings.extend({
  /** The row's frame count when drawn: key frames are frame indices, meaningless once the row is made again. */
  frames: z.number().int(),
  /** `saved_at` of the applied settings the draft was drawn over (null: none were applied yet). */
  base: z.string().nullable(),
  /** When it was written (ISO): drafts older than DRAFT_MAX_AGE_MS are dropped. */
  at: z.string(),
});
export type StoredBlurDraft = z.output<typeof storedDraft>;

/** A month: long enough for a dealer's week away, short enough that forgotten drafts do not pile up. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const draftKey = (contentId: string, groupId: string) =>
  `${STORAGE_KEYS.blurDraftPrefix}${contentId}.${groupId}`;

/** The settings in force on the server for a row (what the editor opens with when there is no draft). */
export function appliedSettings(row: Pick<BlurRowAnswer, 'settings'>, defaultStrength: number): BlurDraftSettings {
  const s = row.settings;
  if (!s) return { blur_target: 'regions', blur_str: defaultStrength, bg_color: null, regions: [] };
  return { blur_target: s.blur_target, blur_str: s.blur_str, bg_color: s.bg_color, regions: s.regions };
}

/** JSON with object keys sorted, so two equal settings compare equal whatever order their fields were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Whether the editor holds work the server does not have: different settings, except that with no region on
 * either side there is nothing worth keeping (a strength moved before drawing anything is not work).
 */
export function hasUnappliedChanges(current: BlurDraftSettings, applied: BlurDraftSettings): boolean {
  if (current.regions.length === 0 && applied.regions.length === 0) return false;
  return canonical(current) !== canonical(applied);
}

/**
 * The draft to restore, or null: it must fit the row (same frame count), be drawn over the settings still in force
 * (a blur applied since, from another tab or by a colleague, is newer work and wins) and not be too old.
 */
export function usableDraft(
  draft: StoredBlurDraft | null,
  row: Pick<BlurRowAnswer, 'settings' | 'frames'>,
  now: Date,
): StoredBlurDraft | null {
  if (!draft) return null;
  if (draft.frames !== row.frames.length) return null;
  if (draft.base !== (row.settings?.saved_at ?? null)) return null;
  if (now.getTime() - Date.parse(draft.at) > DRAFT_MAX_AGE_MS) return null;
  return draft;
}

export function readBlurDraft(contentId: string, groupId: string): StoredBlurDraft | null {
  try {
    const text = window.localStorage.getItem(draftKey(contentId, groupId));
    if (!text) return null;
    const parsed = storedDraft.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage disabled or a damaged entry: no draft.
    return null;
  }
}

export function writeBlurDraft(contentId: string, groupId: string, draft: StoredBlurDraft): void {
  try {
    window.localStorage.setItem(draftKey(contentId, groupId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the work holds while the editor stays open, as before drafts existed.
  }
}

export function removeBlurDraft(contentId: string, groupId: string): void {
  try {
    window.localStorage.removeItem(draftKey(contentId, groupId));
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}
