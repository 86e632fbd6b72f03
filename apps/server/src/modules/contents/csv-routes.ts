import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context.ts';

/** The CSV edit of many vehicles (filled by the vehicles issue). */
export async function registerCsvRoutes(_scope: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
