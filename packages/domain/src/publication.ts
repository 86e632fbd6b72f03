import { ALLOWED, refused, type TransitionCheck, type TransitionTable, tableAllows } from './transition.ts';

/**
 * Publication of a content (first document, section 4). Limited public (published behind the limited-publication
 * password) and sleeping (put aside, e.g. over the plan's vehicle limit, until woken) are states of their own
 * because the list filters and the viewer treat them differently from plain published and unpublished.
 */
export const PUBLICATION_STATES = [
  'published',
  'limited_public',
  'unpublished',
  'sleeping',
  'deleted',
  'permanently_deleted',
] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/**
 * Restoring a deleted content and waking a sleeping one both lead to unpublished: nothing goes public again
 * without the dealer asking for it (our reading; the spec does not say where they lead).
 */
export const PUBLICATION_TRANSITIONS: TransitionTable<PublicationState> = {
  unpublished: ['published', 'limited_public', 'sleeping', 'deleted'],
  published: ['unpublished', 'limited_public', 'sleeping', 'deleted'],
  limited_public: ['published', 'unpublished', 'sleeping', 'deleted'],
  sleeping: ['unpublished', 'deleted'],
  deleted: ['unpublished', 'permanently_deleted'],
  permanently_deleted: [],
};

export type PublicationRefusal =
  | 'already_in_state'
  | 'permanently_deleted_is_final'
  | 'permanent_delete_only_from_deleted'
  | 'restore_first'
  | 'wake_first'
  | 'publish_without_images';

export interface PublicationContext {
  /** Publishing needs registered images; leave undefined when the caller does not know (the server always knows). */
  hasImages?: boolean;
}

const isPublic = (s: PublicationState): boolean => s === 'published' || s === 'limited_public';

export function canTransition(
  from: PublicationState,
  to: PublicationState,
  ctx: PublicationContext = {},
): TransitionCheck<PublicationRefusal> {
  if (from === to) return refused('already_in_state');
  if (from === 'permanently_deleted') return refused('permanently_deleted_is_final');
  if (to === 'permanently_deleted' && from !== 'deleted') return refused('permanent_delete_only_from_deleted');
  if (from === 'deleted' && !tableAllows(PUBLICATION_TRANSITIONS, from, to)) return refused('restore_first');
  if (from === 'sleeping' && !tableAllows(PUBLICATION_TRANSITIONS, from, to)) return refused('wake_first');
  if (isPublic(to) && ctx.hasImages === false) return refused('publish_without_images');
  // Every pair not refused above is in the table; the check keeps table and rules from drifting apart.
  return tableAllows(PUBLICATION_TRANSITIONS, from, to) ? ALLOWED : refused('already_in_state');
}

/** The actions the API offers, each with the states it starts from, so "restore" cannot be used to unpublish. */
export const PUBLICATION_ACTIONS = {
  publish: { from: ['unpublished', 'limited_public'], to: 'published' },
  publish_limited: { from: ['unpublished', 'published'], to: 'limited_public' },
  unpublish: { from: ['published', 'limited_public'], to: 'unpublished' },
  sleep: { from: ['published', 'limited_public', 'unpublished'], to: 'sleeping' },
  wake: { from: ['sleeping'], to: 'unpublished' },
  delete: { from: ['published', 'limited_public', 'unpublished', 'sleeping'], to: 'deleted' },
  restore: { from: ['deleted'], to: 'unpublished' },
  delete_permanently: { from: ['deleted'], to: 'permanently_deleted' },
} as const satisfies Record<string, { from: readonly PublicationState[]; to: PublicationState }>;
export type PublicationAction = keyof typeof PUBLICATION_ACTIONS;

export type PublicationActionRefusal =
  | PublicationRefusal
  | 'restore_only_from_deleted'
  | 'not_sleeping'
  | 'action_not_allowed_from_state';

/** Why an action cannot start from a state, named as specifically as the spec allows. */
function actionRefusal(from: PublicationState, action: PublicationAction): PublicationActionRefusal {
  if (from === 'permanently_deleted') return 'permanently_deleted_is_final';
  if (action === 'delete_permanently') return 'permanent_delete_only_from_deleted';
  if (action === 'restore') return 'restore_only_from_deleted';
  if (action === 'wake') return 'not_sleeping';
  if (from === PUBLICATION_ACTIONS[action].to) return 'already_in_state';
  if (from === 'deleted') return 'restore_first';
  if (from === 'sleeping') return 'wake_first';
  return 'action_not_allowed_from_state';
}

export function applyPublicationAction(
  from: PublicationState,
  action: PublicationAction,
  ctx: PublicationContext = {},
): { ok: true; to: PublicationState } | { ok: false; reason: PublicationActionRefusal } {
  const a = PUBLICATION_ACTIONS[action];
  if (!(a.from as readonly PublicationState[]).includes(from)) return refused(actionRefusal(from, action));
  const check = canTransition(from, a.to, ctx);
  return check.ok ? { ok: true, to: a.to } : check;
}

/** The same check under a name that says which machine it belongs to, for call sites that use several. */
export const canTransitionPublication = canTransition;

const attribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The code a dealer pastes into their site: the viewer at `directUrl` (a vehicle's public address) in a responsive
 * 16:9 box that keeps its ratio at any width. `title` names the frame for the buyers' screen readers, in the
 * dealer's language: the server answers it in the product's default language, and the console, where the dealer
 * copies it, makes it again in the language the dealer reads it in (its catalogues' `contentsDetail.embedTitle`).
 * Nothing the dealer typed is written into it (the short id is letters and digits only; the title is escaped).
 */
export function embedCode(directUrl: string, title: string): string {
  return (
    '<div style="position:relative;width:100%;padding-top:56.25%;">' +
    `<iframe src="${directUrl}?embed=1" title="${attribute(title)}" loading="lazy" allowfullscreen ` +
    'allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking" ' +
    'style="position:absolute;top:0;left:0;width:100%;height:100%;border:0;"></iframe></div>'
  );
}
