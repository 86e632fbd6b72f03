import type { FieldError } from '@spinyard/domain';
import type { DomainFormValues } from './domainForm.ts';

/**
 * What was typed on the domain form while its confirmation step is shown, in memory only: nothing of it reaches
 * browser storage, a reload starts the form again, and a draft is only handed back to the user who wrote it.
 * `errors` carries a server refusal back to the form, so the fields it names are marked and the input is kept.
 */
export interface DomainDraft {
  values: DomainFormValues;
  errors: FieldError[];
  /** The refusal's code, when the server refused the confirmed values. */
  refusedCode?: string | undefined;
}

interface StoredDraft extends DomainDraft {
  key: string;
  userId: string;
}

let stored: StoredDraft | undefined;

/** `add`, or `edit:{companyCode}`. */
export const draftKey = {
  add: 'add',
  edit: (companyCode: string) => `edit:${companyCode}`,
} as const;

export function saveDraft(key: string, userId: string, draft: DomainDraft): void {
  stored = { key, userId, ...draft };
}

export function readDraft(key: string, userId: string | undefined): DomainDraft | undefined {
  if (!stored || !userId || stored.key !== key || stored.userId !== userId) return undefined;
  return { values: stored.values, errors: stored.errors, refusedCode: stored.refusedCode };
}

export function clearDraft(key?: string): void {
  if (key === undefined || stored?.key === key) stored = undefined;
}

/** Navigation state of "back to the form" from a confirmation step: the form then needs no restore notice. */
export const FROM_CONFIRMATION = { fromConfirmation: true } as const;

export function cameFromConfirmation(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { fromConfirmation?: unknown }).fromConfirmation === true
  );
}
