import { z } from 'zod';
import { PRIVILEGE_TYPES } from '../roles.ts';
import { idSchema } from './common.ts';
import { type isProcessingAnswer, processAnswer } from './contents.ts';
import { searchText } from './lists.ts';

/**
 * Transfer, copy and the background processes of vehicles as the content API takes and answers them, and the
 * message the live-progress WebSocket sends (second document, section 7: transfer, copy, is_processing,
 * contents_processing, /normaluser/contents/transfer).
 */

/** How many vehicles one transfer may move: the list's largest page, so a bulk selection fits in one call. */
export const TRANSFER_MAX = 300;

/** How many running processes `GET /contents_processing` answers at most (the newest first). */
export const CONTENTS_PROCESSING_MAX = 500;

/** How many runs `GET /contents/recent_processes/{id}` answers at most (the newest first). */
export const RECENT_PROCESSES_MAX = 50;

/**
 * `GET /contents/recent_processes/{id}`: the vehicle's latest runs, ended ones included, newest first: what the AI
 * actions show as each option's last outcome after a reload (the other reads answer running processes only).
 */
export const recentProcessesAnswer = z.object({ processes: z.array(processAnswer) });
export type RecentProcessesAnswer = z.output<typeof recentProcessesAnswer>;

/** Comma-separated ids (`12,15,16`), each an id, at most `max` of them; a repeated id counts once. */
export function idListSchema(max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: 'Give at least one id.' })
    .transform((v) => v.split(',').map((id) => id.trim()))
    .pipe(
      z
        .array(idSchema)
        .min(1)
        .max(max, { error: `At most ${max} ids.` })
        .transform((ids) => [...new Set(ids)]),
    );
}

/**
 * `POST /contents/transfer/{a}/{b}`: our reading is a = the vehicle (or a comma list of vehicles, from the list's
 * bulk selection), b = the user who receives them.
 */
export const transferParams = z.object({
  content_ids: idListSchema(TRANSFER_MAX),
  user_id: idSchema,
});

/** `POST /normaluser/contents/transfer`: the same transfer as a body. */
export const transferBody = z.strictObject({
  content_ids: z
    .array(idSchema)
    .min(1, { error: 'Choose at least one vehicle.' })
    .max(TRANSFER_MAX, { error: `At most ${TRANSFER_MAX} vehicles at once.` })
    .transform((ids) => [...new Set(ids)]),
  user_id: idSchema,
});
export type TransferBody = z.output<typeof transferBody>;

/** How many users `GET /contents/transfer-recipients` answers at most (a picker searches on the server). */
export const TRANSFER_RECIPIENTS_MAX = 30;

/**
 * `GET /contents/transfer-recipients`: the users the caller may give vehicles to (canReceiveTransfer), found by
 * name or address. With `content_ids` (the vehicles about to be transferred) only users of their domain who own
 * none of them: exactly the recipients the transfer would accept.
 */
export const transferRecipientsQuery = z.object({
  q: searchText.optional(),
  content_ids: idListSchema(TRANSFER_MAX).optional(),
});
export type TransferRecipientsQuery = z.input<typeof transferRecipientsQuery>;

export const transferRecipient = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  privilege_type: z.enum(PRIVILEGE_TYPES),
  /** The caller themself (listed first): a vehicle can be taken back too. */
  is_self: z.boolean(),
});
export type TransferRecipient = z.output<typeof transferRecipient>;

/** The first TRANSFER_RECIPIENTS_MAX matches, the caller first, then by name. */
export const transferRecipientsAnswer = z.object({ items: z.array(transferRecipient) });
export type TransferRecipientsAnswer = z.output<typeof transferRecipientsAnswer>;

/** `POST /contents/copy`: the vehicle to copy (the copy gets the same owner and a new management ID). */
export const copyBody = z.strictObject({ id: idSchema });

/** `GET /contents/is_processing/{id}` (the schema is the vehicle contract's, contents.ts). */
export type IsProcessingAnswer = z.output<typeof isProcessingAnswer>;

/** A process with the vehicle it runs on. */
export const contentProcessAnswer = z.object({ content_id: idSchema, process: processAnswer });
export type ContentProcessAnswer = z.output<typeof contentProcessAnswer>;

/** Transfer and copy answer 202 with the processes they queued, one per vehicle. */
export const processesStartedAnswer = z.object({ processes: z.array(contentProcessAnswer) });
export type ProcessesStartedAnswer = z.output<typeof processesStartedAnswer>;

/** `GET /contents_processing`: the queued and running processes of the vehicles the caller sees. */
export const contentsProcessingQuery = z.object({
  /** Only these vehicles (the list's page), as a comma list; all the caller sees when absent. */
  content_ids: idListSchema(TRANSFER_MAX).optional(),
});
export const contentsProcessingAnswer = z.object({ processes: z.array(contentProcessAnswer) });
export type ContentsProcessingAnswer = z.output<typeof contentsProcessingAnswer>;

// ---- Live progress (WebSocket) --------------------------------------------------------------------------------

/** Path of the live-progress socket: under the content API's base, but authenticated by its first message. */
export const PROCESS_SOCKET_PATH = '/api/browser/v0/ws';

/**
 * The first message a client sends: its content token. Not in the URL, so it stays out of access logs and
 * proxies. A socket that has not authenticated within PROCESS_SOCKET_AUTH_SECONDS is closed.
 */
export const socketAuthMessage = z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(200) });
export const PROCESS_SOCKET_AUTH_SECONDS = 10;

/** Close codes the socket uses (4000-4999 are the application's). */
export const SOCKET_CLOSE = {
  /** No or a bad auth message, or the token is no longer live. */
  notAuthenticated: 4401,
  /** The server is shutting down: reconnect later. */
  goingAway: 1001,
} as const;

/** What the server sends: `ready` once authenticated, then one `process` message per change it may see. */
export const socketServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('process'), content_id: idSchema, process: processAnswer }),
]);
export type SocketServerMessage = z.output<typeof socketServerMessage>;
export type ProcessMessage = Extract<SocketServerMessage, { type: 'process' }>;

/** `GET /contents/process/{id}/{process_id}`: one process of a vehicle, running or ended (its outcome, its error). */
export const oneProcessParams = z.object({ id: idSchema, process_id: idSchema });
export const oneProcessAnswer = z.object({ content_id: idSchema, process: processAnswer });
export type OneProcessAnswer = z.output<typeof oneProcessAnswer>;
