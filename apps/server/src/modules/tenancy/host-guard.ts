import { hiddenScreenOfCall, knownHostFlags, screenCallOf } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hostsRepo } from './hosts-repo.ts';

/**
 * The screens a white-label host hides are refused by the server too (packages/domain/src/hosts.ts): a call of a
 * hidden screen answers 403 `hidden_on_host` before its body is read, so a request made by hand meets the same
 * wall as the menu. Only the calls listed there read the caller's host; every other call passes untouched.
 * Added to a signed-in scope right after its token check (hooks of one kind run in the order they were added)
 * and before its routes (a scope's hooks reach only later routes).
 */
export function refuseHiddenScreens(scope: FastifyInstance, db: Db): void {
  const repo = hostsRepo(db);
  scope.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!request.actor || !route || !screenCallOf(request.method, route)) return;
    const flags = knownHostFlags(await repo.hostFlagsOfUser(request.actor.userId));
    const screen = hiddenScreenOfCall(request.method, route, flags);
    if (screen) throw new AppError('hidden_on_host', { params: { screen } });
  });
}
