import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context.ts';

/** Placeholder until its part of issue 9 lands. */
export async function registerExteriorRoutes(_scope: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
