import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context.ts';

/** The vehicle list, its CSV download and the report (filled by the vehicles issue). */
export async function registerListRoutes(_scope: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
