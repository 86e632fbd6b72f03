import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context.ts';

/** Vehicle create, read, update, the one-switch calls and publication (filled by the vehicles issue). */
export async function registerContentRoutes(_scope: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
