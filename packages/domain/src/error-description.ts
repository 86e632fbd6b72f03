import { assertNever } from './assert.ts';
import { errorCodeForMessage, isErrorCode } from './errors.ts';
import { linkErrorStateOf, listingSearchCode } from './listing-link.ts';
import type { PrivilegeType } from './roles.ts';

// ---- How the console reacts to an error answer (second document, section 8, "by status") -----------------------

/**
 * What the console does per status, as data:
 * - server_message: show the error's user_message, translated when known; listing-service codes get their text;
 * - logout: sign out, show the message, go to login;
 * - user_message: show user_message (translated when known);
 * - duplicate: the key-duplication message for listing keys, otherwise the code's or a generic duplicate message;
 * - field_messages: the field messages joined by line breaks;
 * - retry_later: server error, retry later; ignored on the payment check for master and super users;
 * - user_message_or_code: user_message, or the error code when there is no message.
 */
export type StatusBehaviourKind =
  | 'server_message'
  | 'logout'
  | 'user_message'
  | 'duplicate'
  | 'field_messages'
  | 'retry_later'
  | 'user_message_or_code';

export const STATUS_BEHAVIOUR = {
  400: 'server_message',
  401: 'logout',
  403: 'user_message',
  408: 'user_message',
  429: 'user_message',
  409: 'duplicate',
  422: 'field_messages',
  500: 'retry_later',
  502: 'user_message_or_code',
  503: 'user_message_or_code',
  504: 'user_message_or_code',
} as const satisfies Record<number, StatusBehaviourKind>;

/** The behaviour for any status: the table's, else by class (other 4xx show the message, other 5xx retry later). */
export function statusBehaviour(status: number): StatusBehaviourKind {
  const known = (STATUS_BEHAVIOUR as Readonly<Record<number, StatusBehaviourKind>>)[status];
  if (known) return known;
  // A full disk (507, issue 18) is not a passing fault: the dealer reads what the server says, as for a 503.
  if (status === 507) return 'user_message_or_code';
  return status >= 500 ? 'retry_later' : 'user_message';
}

export interface ErrorDescription {
  action: 'notify' | 'logout' | 'ignore';
  /** An i18n key the console has its own text for (`errors.<code>`, `errors.listing.<state>`, ...). Shown when set. */
  messageKey?: string;
  /** Text to show as sent when there is no messageKey (the server's own wording, or joined field messages). */
  text?: string;
}

export interface ErrorContext {
  privilegeType?: PrivilegeType | undefined;
  /** The request was the payment-status check made after the layout loads. */
  paymentCheck?: boolean | undefined;
}

/** Messages the legacy listing-service answers carry at the top level instead of an error object. */
const CS_ERROR = 'CS ERROR';
const CMATCH_360_ERROR = 'CMATCH 360 ERROR';
const CMATCH_ERROR = 'CMATCH ERROR';
const CS_JOIN_KEY_DUPLICATION_ERROR = 'CS JOIN KEY DUPLICATION ERROR';

interface ParsedBody {
  code?: string;
  userMessage?: string;
  fieldMessages: string[];
  /** Top-level `message` and `text` of the listing-service answers. */
  legacyMessage?: string;
  legacyText?: string;
  /** The listing partner's message id our refusals carry in `error.params.msg_id`. */
  msgId?: string;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function parseBody(body: unknown): ParsedBody {
  const out: ParsedBody = { fieldMessages: [] };
  if (typeof body !== 'object' || body === null) return out;
  const b = body as Record<string, unknown>;
  const legacyMessage = str(b.message);
  const legacyText = typeof b.text === 'number' ? String(b.text) : str(b.text);
  if (legacyMessage) out.legacyMessage = legacyMessage;
  if (legacyText) out.legacyText = legacyText;
  const e = b.error;
  if (typeof e !== 'object' || e === null) return out;
  const err = e as Record<string, unknown>;
  const code = str(err.code);
  const userMessage = str(err.user_message);
  if (code) out.code = code;
  if (userMessage) out.userMessage = userMessage;
  const params = err.params;
  if (typeof params === 'object' && params !== null) {
    const msgId = (params as Record<string, unknown>).msg_id;
    if (typeof msgId === 'string' || typeof msgId === 'number') out.msgId = String(msgId);
  }
  if (Array.isArray(err.fields)) {
    for (const f of err.fields) {
      const m = typeof f === 'object' && f !== null ? str((f as Record<string, unknown>).message) : undefined;
      if (m) out.fieldMessages.push(m);
    }
  }
  return out;
}

/**
 * The translated text whenever the answer is known, else the server's text, else the fallback key. Known means a
 * catalogue code (its translation is shown even when the server worded the English message its own way: the user
 * reads their language, never the server's English), or a message equal to a catalogue message.
 */
function showMessage(p: ParsedBody, fallbackKey: string): ErrorDescription {
  const { code, userMessage } = p;
  if (isErrorCode(code)) return { action: 'notify', messageKey: `errors.${code}` };
  if (userMessage) {
    const byText = errorCodeForMessage(userMessage);
    return byText ? { action: 'notify', messageKey: `errors.${byText}` } : { action: 'notify', text: userMessage };
  }
  return { action: 'notify', messageKey: fallbackKey };
}

function fallbackKeyFor(status: number): string {
  switch (status) {
    case 403:
      return 'errors.forbidden';
    case 408:
      return 'errors.request_timeout';
    case 429:
      return 'errors.too_many_attempts';
    case 404:
      return 'errors.not_found';
    case 413:
      return 'errors.payload_too_large';
    case 415:
      return 'errors.unsupported_media_type';
    default:
      return status >= 500 ? 'errors.service_unavailable' : 'errors.general_error';
  }
}

/**
 * The console's reaction to an error answer: a pure function of the status, the parsed body (any JSON, or
 * undefined) and who asked. Status 0 stands for "no answer" (network error).
 */
export function describeErrorResponse(status: number, body: unknown, ctx: ErrorContext = {}): ErrorDescription {
  if (status === 0) return { action: 'notify', messageKey: 'errors.network_error' };
  const p = parseBody(body);
  // Our own listing refusals name the partner's message id: its text says more than the code's (section 8).
  if (p.code === 'listing_partner_refused' && p.msgId !== undefined) {
    return { action: 'notify', messageKey: `errors.listing_search.${listingSearchCode(p.msgId)}` };
  }
  const kind = statusBehaviour(status);
  switch (kind) {
    case 'server_message': {
      if (p.legacyMessage === CS_ERROR || p.legacyMessage === CMATCH_360_ERROR) {
        return { action: 'notify', messageKey: `errors.listing.${linkErrorStateOf(p.legacyText)}` };
      }
      if (p.legacyMessage === CMATCH_ERROR) {
        return { action: 'notify', messageKey: `errors.listing_search.${listingSearchCode(p.legacyText)}` };
      }
      return showMessage(p, 'errors.general_error');
    }
    case 'logout': {
      const d = showMessage(p, 'errors.not_authenticated');
      return { ...d, action: 'logout' };
    }
    case 'user_message':
      return showMessage(p, fallbackKeyFor(status));
    case 'duplicate': {
      if (p.legacyMessage === CS_JOIN_KEY_DUPLICATION_ERROR || p.code === 'listing_key_duplication') {
        return { action: 'notify', messageKey: 'errors.listing_key_duplication' };
      }
      if (isErrorCode(p.code) && p.code !== 'conflict') return showMessage(p, 'errors.conflict');
      return { action: 'notify', messageKey: 'errors.conflict' };
    }
    case 'field_messages':
      if (p.fieldMessages.length > 0) return { action: 'notify', text: p.fieldMessages.join('\n') };
      return showMessage(p, 'errors.validation_failed');
    case 'retry_later': {
      const privileged = ctx.privilegeType === 'master' || ctx.privilegeType === 'super';
      if (ctx.paymentCheck && privileged && status === 500) return { action: 'ignore' };
      return { action: 'notify', messageKey: 'errors.internal_error' };
    }
    case 'user_message_or_code': {
      if (p.userMessage || isErrorCode(p.code)) return showMessage(p, 'errors.service_unavailable');
      if (p.code) return { action: 'notify', text: p.code };
      return { action: 'notify', messageKey: 'errors.service_unavailable' };
    }
    default:
      return assertNever(kind);
  }
}

/** i18n keys describeErrorResponse can return besides `errors.<code>` of the catalogue. */
export const CLIENT_ERROR_KEYS = ['errors.network_error'] as const;
