import { errorAnswer, errorBody } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: {
          200: z.object({ status: z.literal('ready') }),
          // The probe's own fields and the error shape, so a load balancer and the console both read it.
          503: errorAnswer.extend({ status: z.literal('unavailable'), reason: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`SELECT 1`.execute(db);
        return { status: 'ready' as const };
      } catch {
        reply.header('Retry-After', '5');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, reason: 'database', ...errorBody('database_unavailable') });
      }
    },
  );
};
