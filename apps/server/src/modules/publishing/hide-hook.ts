import { idSchema } from '@spinyard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../context.ts';
import { PROCESS_CHANNEL, type ProcessNotice } from '../processes/notice.ts';
import { buildService } from './build-service.ts';
import { type PendingService, pendingService } from './pending-service.ts';

/**
 * A change that hides something reaches buyers at once (docs/decisions.md, "Publishing: pending changes"): after
 * every successful write of the content API that names a vehicle, and after every background process on a vehicle
 * ends well (a blur, a replaced frame, a new spin), the vehicle is checked and, when buyers still see what the
 * dealer took away, built again. The check is one indexed read for a vehicle buyers do not see.
 */

const stringOf = (source: unknown, key: string): string | undefined => {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === 'string' && idSchema.safeParse(value).success ? value : undefined;
};

/** The vehicle a write names: its `content_id` or `id`, in the path first, then the body. */
export function vehicleIdOf(request: FastifyRequest): string | undefined {
  const { params, body } = request;
  return (
    stringOf(params, 'content_id') ?? stringOf(params, 'id') ?? stringOf(body, 'content_id') ?? stringOf(body, 'id')
  );
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers the check on the content API's scope (call it before the areas register their routes: a scope's hooks
 * reach only the plugins registered after them) and on the node's process notices.
 */
export function republishWhenHidden(scope: FastifyInstance, ctx: ModuleContext): PendingService {
  const pending = pendingService({
    db: ctx.db,
    store: ctx.store,
    build: buildService({ db: ctx.db, store: ctx.store }),
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 300) return payload;
    const id = vehicleIdOf(request);
    if (!id) return payload;
    try {
      // Before the answer goes: the dealer's next look at the buyer's page already shows the change.
      await pending.republishHidden(id, request.actor?.userId ?? null);
    } catch (error) {
      request.log.error({ err: error, content_id: id }, 'republishing a hiding change failed');
    }
    return payload;
  });
  ctx.realtime?.subscribe(PROCESS_CHANNEL, (text) => {
    let notice: ProcessNotice;
    try {
      notice = JSON.parse(text) as ProcessNotice;
    } catch {
      return;
    }
    if (notice.process?.status !== 'succeeded') return;
    pending.republishHidden(notice.content_id, null).catch((error: unknown) => {
      scope.log.error({ err: error, content_id: notice.content_id }, 'republishing a hiding change failed');
    });
  });
  return pending;
}
