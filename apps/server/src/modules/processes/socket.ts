import {
  canSeeContent,
  type PermissionActor,
  PROCESS_SOCKET_AUTH_SECONDS,
  PROCESS_SOCKET_PATH,
  type ProcessMessage,
  socketAuthMessage,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import { registerSocketChannel } from '../../platform/realtime/socket-route.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { ModuleContext } from '../context.ts';
import { PROCESS_CHANNEL, type ProcessNotice } from './notice.ts';

/** How often a socket's token and role are read again: a logout or a role change closes or narrows it by then. */
const RECHECK_MS = 60_000;

/** The process message a caller receives of a notice: only when they may see the vehicle (before or after a transfer). */
export function processMessageFor(actor: PermissionActor, payload: unknown): ProcessMessage | null {
  const notice = payload as Partial<ProcessNotice> | null;
  if (!notice || typeof notice.content_id !== 'string' || !notice.process || !Array.isArray(notice.audiences)) {
    return null;
  }
  const sees = notice.audiences.some(
    (a) => canSeeContent(actor, { domainId: a.domain_id, ownerId: a.owner_id, ownerParentId: a.owner_parent_id }).ok,
  );
  return sees ? { type: 'process', content_id: notice.content_id, process: notice.process } : null;
}

/**
 * `GET /api/browser/v0/ws`: live progress of background processes. Registered outside the content API's token
 * hook because a browser cannot set headers on a WebSocket: the client's first message carries its content token
 * (socketAuthMessage), so the token never appears in a URL or an access log.
 */
export async function registerProcessSocket(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const hub = ctx.realtime;
  if (!hub) return;
  await registerSocketChannel<PermissionActor>(scope, {
    path: PROCESS_SOCKET_PATH,
    hub,
    channel: PROCESS_CHANNEL,
    summary:
      'Live progress of the background processes of the vehicles the caller sees (first message: the content token)',
    tags: ['contents'],
    authTimeoutMs: PROCESS_SOCKET_AUTH_SECONDS * 1000,
    recheckMs: RECHECK_MS,
    readyMessage: { type: 'ready' },
    async authenticate(first) {
      const message = socketAuthMessage.parse(first);
      const actor = await ctx.auth.authenticate(message.token, 'content');
      return (await loadCaller(ctx.db, actor)).permission;
    },
    messageFor: processMessageFor,
  });
}
