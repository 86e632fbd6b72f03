import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context.ts';

/** Processes, transfer and copy (filled by the vehicles issue). */
export async function registerProcessRoutes(_scope: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
