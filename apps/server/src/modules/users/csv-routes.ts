import {
  csvAddedAnswer,
  csvErrorAnswer,
  csvRecord,
  ERROR_CATALOGUE,
  USER_CSV_TEMPLATE_FILE_NAME,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { acceptCsvBodies } from '../../http/csv-body.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { CsvService } from './csv-service.ts';

const route = signedInRoute(['users']);

/** The CSV template and upload; registered in their own scope so only the upload accepts file bodies. */
export const csvRoutes: FastifyPluginAsyncZod<{ csv: CsvService }> = async (app, { csv }) => {
  acceptCsvBodies(app);

  app.get(
    '/v1/subordinates-template',
    route({ summary: 'The user CSV template to fill in (text/csv, UTF-8): the header line of the upload format' }),
    async (request, reply) => {
      const format = await csv.formatFor(actorOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${USER_CSV_TEMPLATE_FILE_NAME}"`)
        .send(Buffer.from(csvRecord(format), 'utf8'));
    },
  );

  app.post(
    '/v1/subordinates-upload',
    route({
      summary:
        'Add users from a CSV file sent as the request body (text/csv or application/octet-stream, at most 1 MB, UTF-8): all rows or none',
      response: {
        200: csvAddedAnswer,
        422: csvErrorAnswer,
        ...errorResponses(400, 401, 403, 409, 413, 415),
      },
    }),
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('csv_unsupported_format');
      const result = await csv.importUsers(actorOf(request), body);
      if (result.ok) return { added: result.added };
      const [only] = result.errors;
      // A rule of the whole file (encoding, size, header, counts) answers with its own catalogue code.
      if (result.errors.length === 1 && only && only.row === null) {
        const fields = only.field
          ? [{ field: only.field, rule: 'unknown_field', message: 'This item is not in the downloaded format.' }]
          : undefined;
        throw new AppError(only.code, fields ? { fields } : {});
      }
      return reply.code(422).send({
        error: {
          code: 'csv_invalid',
          user_message: 'Some rows of the CSV were refused. Nothing was added.',
          rows: result.errors.map((e) => ({
            row: e.row,
            code: e.code,
            ...(e.field ? { field: e.field } : {}),
            message: ERROR_CATALOGUE[e.code].message,
          })),
        },
      });
    },
  );
};
