import { contentsReportLogPage, contentsReportLogQuery, contentsReportQuery } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, areaRoutes, sendCsv } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import {
  type ContentsReportLogService,
  type ContentsReportService,
  contentsReportLogService,
  contentsReportService,
} from './report-service.ts';

const route = areaRoute('contents');

const reportRoutes: FastifyPluginAsyncZod<{ report: ContentsReportService; log: ContentsReportLogService }> = async (
  app,
  { report, log },
) => {
  areaRoutes(app, 'contents').get('/contents-report/log', {
    summary:
      'The contents reports downloaded, newest first: who asked for which month and type, when (master: every ' +
      "domain's; super: their domain's; others: their own)",
    querystring: contentsReportLogQuery,
    answer: contentsReportLogPage,
    errors: [401, 422],
    run: (actor, { query }) => log.page(actor, query),
  });

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

/** The contents report and its log (second document, section 7: GET /contents_report, /contents-report/log). */
export async function registerReportRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(reportRoutes, { report: contentsReportService(ctx.db), log: contentsReportLogService(ctx.db) });
}
