import { contentsReportQuery } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, sendCsv } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type ContentsReportService, contentsReportService } from './report-service.ts';

const route = areaRoute('contents');

const reportRoutes: FastifyPluginAsyncZod<{ report: ContentsReportService }> = async (app, { report }) => {
  app.get(
    '/contents_report',
    route({
      summary:
        'The vehicles the caller sees in one month (YYYY-MM, Japan time) as a CSV file (text/csv, UTF-8 with BOM): ' +
        'one line per vehicle (detail) or per owner (summary, the default); sleep=1 includes sleeping vehicles; ' +
        'load_from_s3 is accepted and ignored',
      querystring: contentsReportQuery,
      response: errorResponses(401, 422),
    }),
    async (request, reply) => {
      const { fileName, stream } = await report.report(actorOf(request), request.query);
      return sendCsv(reply, fileName, stream);
    },
  );
};

/** The contents report (second document, section 7: GET /contents_report). */
export async function registerReportRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(reportRoutes, { report: contentsReportService(ctx.db) });
}
