import { contentListBody, contentListItem, contentListQuery, pageOf } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, sendCsv } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type ContentListService, contentListService } from './list-service.ts';

const route = areaRoute('contents');
const contentPage = pageOf(contentListItem);

const listRoutes: FastifyPluginAsyncZod<{ list: ContentListService }> = async (app, { list }) => {
  app.get(
    '/contents',
    route({
      summary:
        'The vehicles the caller sees, searched, filtered, sorted and paged; with create_csv=1 the same list as a ' +
        'CSV file (text/csv, UTF-8 with BOM) for a period of at most one month',
      querystring: contentListQuery,
      response: { 200: contentPage, ...errorResponses(401, 403, 422) },
    }),
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.create_csv !== true) return list.list(actor, request.query);
      const { fileName, stream } = await list.csv(actor, request.query);
      return sendCsv(reply, fileName, stream);
    },
  );

  app.post(
    '/contents/list',
    route({
      summary: 'The vehicle list with its conditions in a JSON body (the same fields as GET /contents)',
      body: contentListBody,
      response: { 200: contentPage, ...errorResponses(401, 403, 422) },
    }),
    async (request) => list.list(actorOf(request), request.body),
  );
};

/** The vehicle list and its CSV download. */
export async function registerListRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(listRoutes, { list: contentListService(ctx.db) });
}
