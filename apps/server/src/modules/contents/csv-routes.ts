import { contentCsvAnswer, contentCsvErrorAnswer, ERROR_CATALOGUE } from '@spinyard/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { actorOf } from '../../http/authenticate.ts';
import { acceptCsvBodies } from '../../http/csv-body.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type ContentCsvOutcome, contentCsvService } from './csv-service.ts';

const route = areaRoute('contents');

const csvRoute = (summary: string) =>
  route({
    summary,
    response: {
      200: contentCsvAnswer,
      422: contentCsvErrorAnswer,
      ...errorResponses(400, 401, 403, 409, 413, 415),
    },
  });

/** A refused row becomes `rows.<row>.<item>` with its rule, message and the values the sentence names. */
function answer(outcome: ContentCsvOutcome, reply: FastifyReply) {
  if (outcome.ok) return { updated: outcome.updated, unchanged: outcome.unchanged };
  return reply.code(422).send({
    error: {
      code: 'content_csv_invalid' as const,
      user_message: ERROR_CATALOGUE.content_csv_invalid.message,
      fields: outcome.errors.map((e) => ({
        field: `rows.${e.row}.${e.item}`,
        rule: e.rule,
        message: e.message,
        ...(e.params ? { params: e.params } : {}),
      })),
    },
  });
}

/**
 * The CSV edit of many vehicles (/contents/bulk): the file the list's CSV download writes, edited and sent back
 * as the request body (text/csv or application/octet-stream, at most 1 MB, UTF-8), as the user CSV upload takes
 * it. All rows or none. Registered in a scope of its own so only these routes accept file bodies.
 */
export async function registerCsvRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const csv = contentCsvService({ db: ctx.db });
  await scope.register(async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    acceptCsvBodies(app);
    const bytesOf = (body: unknown): Buffer => {
      if (!Buffer.isBuffer(body)) throw new AppError('csv_unsupported_format');
      return body;
    };

    app.post(
      '/contents/csv',
      csvRoute(
        'Change the vehicles of a CSV in the download format: every row checked, then all changed rows written in one transaction, or none',
      ),
      async (request, reply) => answer(await csv.apply(actorOf(request), bytesOf(request.body)), reply),
    );

    app.post(
      '/contents/csv_check',
      csvRoute('Check a vehicle CSV as POST /contents/csv would, without changing anything'),
      async (request, reply) => answer(await csv.check(actorOf(request), bytesOf(request.body)), reply),
    );
  });
}
