import { ALLOWED, refused, type TransitionCheck, type TransitionTable, tableAllows } from './transition.ts';

/**
 * Link of a content to the external used-car listing service (first document section 4; error statuses of the
 * second document section 8, which lists more than section 4: the union is kept).
 */
export const LINK_METHODS = ['automatic', 'manual'] as const;
export type LinkMethod = (typeof LINK_METHODS)[number];

export const LINK_ERROR_STATES = [
  'error_login',
  'error_owner_login',
  'error_join_duplicate',
  'error_join_processing',
  'error_key',
  'error_image',
  'error_key_match',
  'error_limit',
  'error_360_use',
  'error_property_code_duplicate',
  'error_listing_duplicate',
  'error_default',
] as const;
export type LinkErrorState = (typeof LINK_ERROR_STATES)[number];

export const LINK_STATES = ['not_linked', 'waiting', 'linking', 'linked', ...LINK_ERROR_STATES] as const;
export type LinkState = (typeof LINK_STATES)[number];

export function isLinkError(state: LinkState): state is LinkErrorState {
  return (LINK_ERROR_STATES as readonly string[]).includes(state);
}

/** The English meaning of each error state (section 8's messages); the console translates `listing.<state>`. */
export const LINK_ERROR_MESSAGES = {
  error_login: 'The listing-service login is not confirmed.',
  error_owner_login: "The content creator's listing-service login is not confirmed.",
  error_join_duplicate: 'This link key is already used by another vehicle.',
  error_join_processing: 'The link is still being processed.',
  error_key: 'The link key is missing.',
  error_image: 'The vehicle has no image to send.',
  error_key_match: 'No property on the listing service matches this key.',
  error_limit: 'The listing-service registration limit has been reached.',
  error_360_use: 'This listing-service account cannot use 360 views.',
  error_property_code_duplicate: 'This property code is already linked.',
  error_listing_duplicate: 'This vehicle is already registered on the partner service.',
  error_default: 'The link failed. Please try again later.',
} as const satisfies Record<LinkErrorState, string>;

const RETRY: readonly LinkState[] = ['waiting', 'linking', 'not_linked'];

/**
 * automatic links queue (waiting) and are picked up by the nightly or periodic run; manual links start at once
 * (linking). A waiting link can be cancelled; an error can be retried or dismissed; a linked vehicle can be
 * unlinked or re-sent.
 */
export const LINK_TRANSITIONS: TransitionTable<LinkState> = {
  not_linked: ['waiting', 'linking'],
  waiting: ['linking', 'not_linked'],
  linking: ['linked', ...LINK_ERROR_STATES],
  linked: ['not_linked', 'linking'],
  ...(Object.fromEntries(LINK_ERROR_STATES.map((s) => [s, RETRY])) as Record<LinkErrorState, readonly LinkState[]>),
};

export type LinkRefusal = 'already_in_state' | 'transition_not_allowed';

export function canTransitionLink(from: LinkState, to: LinkState): TransitionCheck<LinkRefusal> {
  if (from === to) return refused('already_in_state');
  return tableAllows(LINK_TRANSITIONS, from, to) ? ALLOWED : refused('transition_not_allowed');
}

/** The state a new link request moves to, by method. */
export function linkRequestTarget(method: LinkMethod): 'waiting' | 'linking' {
  switch (method) {
    case 'automatic':
      return 'waiting';
    case 'manual':
      return 'linking';
  }
}

/** Only a link still waiting can be cancelled; one in progress has already reached the listing service. */
export function canCancelLink(state: LinkState): boolean {
  return state === 'waiting';
}

export type ContentEditRefusal = 'content_linked' | 'content_link_waiting';

/**
 * "Vehicles under listing-service linkage or waiting cannot be edited": the listing service holds a copy, so
 * edits would diverge. A link in progress counts as under linkage. Errors and not-linked leave editing free.
 */
export function canEditLinkedContent(state: LinkState): TransitionCheck<ContentEditRefusal> {
  if (state === 'linked' || state === 'linking') return refused('content_linked');
  if (state === 'waiting') return refused('content_link_waiting');
  return ALLOWED;
}

/**
 * Listing search message ids (second document, section 8). 2998 means outside the API's hours and 2999 a system
 * error; an id we do not know is shown as 2999.
 */
export const LISTING_SEARCH_CODES = [
  2001, 2002, 2093, 2095, 2117, 2177, 2178, 2179, 2180, 2181, 2182, 2183, 2184, 2185, 2998, 2999,
] as const;
export type ListingSearchCode = (typeof LISTING_SEARCH_CODES)[number];
export const LISTING_SEARCH_FALLBACK_CODE: ListingSearchCode = 2999;

export function listingSearchCode(msgId: unknown): ListingSearchCode {
  const n = typeof msgId === 'string' ? Number(msgId.trim()) : msgId;
  return (LISTING_SEARCH_CODES as readonly unknown[]).includes(n)
    ? (n as ListingSearchCode)
    : LISTING_SEARCH_FALLBACK_CODE;
}

/** The error state named by a listing-service error code, with or without its `error_` prefix; default otherwise. */
export function linkErrorStateOf(code: unknown): LinkErrorState {
  if (typeof code !== 'string') return 'error_default';
  const key = code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const state = key.startsWith('error_') ? key : `error_${key}`;
  return (LINK_ERROR_STATES as readonly string[]).includes(state) ? (state as LinkErrorState) : 'error_default';
}

/**
 * What each listing search code means (second document section 8: missing fields, not authorized, property missing,
 * too many characters, login required, failed, locked or expired, invalid request, customer data missing). The
 * spec lists the meanings but not which code carries which: the order below is our reading (docs/decisions.md,
 * "Listing link"), and the partner's fake and the console's messages follow it.
 */
export const LISTING_SEARCH_MEANINGS = {
  2001: 'missing_fields',
  2002: 'not_authorized',
  2093: 'property_missing',
  2095: 'too_many_characters',
  2117: 'login_required',
  2177: 'failed',
  2178: 'locked',
  2179: 'expired',
  2180: 'invalid_request',
  2181: 'customer_data_missing',
  2182: 'registration_limit',
  2183: 'not_360_capable',
  2184: 'registered_elsewhere',
  2185: 'property_already_linked',
  2998: 'outside_api_hours',
  2999: 'system_error',
} as const satisfies Record<ListingSearchCode, string>;

/** Codes a later attempt may clear by itself: outside the API's hours, and the partner's own system error. */
export const LISTING_RETRY_CODES: readonly ListingSearchCode[] = [2998, 2999];

/** The link error state a partner code leaves a vehicle in (its message says the rest). */
export function linkErrorStateForCode(msgId: unknown): LinkErrorState {
  switch (listingSearchCode(msgId)) {
    case 2002:
    case 2117:
    case 2178:
    case 2179:
      return 'error_login';
    case 2181:
      return 'error_owner_login';
    case 2093:
      return 'error_key_match';
    case 2182:
      return 'error_limit';
    case 2183:
      return 'error_360_use';
    case 2184:
      return 'error_listing_duplicate';
    case 2185:
      return 'error_property_code_duplicate';
    default:
      return 'error_default';
  }
}

/**
 * The contents list's coarse link column (contents.listing_link: none, waiting, linking, linked, error) of a link
 * state: the list filters and the edit lock read it; the link's own row keeps the detailed state.
 */
export function coarseLinkState(state: LinkState): 'none' | 'waiting' | 'linking' | 'linked' | 'error' {
  if (isLinkError(state)) return 'error';
  return state === 'not_linked' ? 'none' : state;
}
