import { STATISTIC_EVENT_PATH, statisticChartAnswer, statisticChartQuery, statisticEventBody } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { actorRoutes, sendCsv, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ModuleContext } from '../context.ts';
import { contentIdOfShortId } from '../publishing/viewer-service.ts';
import { type StatisticChartService, statisticChartService } from './chart-service.ts';
import { type StatisticEventService, statisticEventService } from './event-service.ts';
import { type IpRateLimiter, ipRateLimiter } from './visitor.ts';

/** Events per IP address and minute on one node (visitor.ts ipRateLimiter). */
export const EVENTS_PER_IP_PER_MINUTE = 600;

/** An event is a few dozen bytes; anything much larger is not one. */
const EVENT_BODY_LIMIT = 2048;

/** The viewer runs on any site: a cross-origin post may be sent, and its answer is never read. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
};

const eventRoutes: FastifyPluginAsyncZod<{ events: StatisticEventService; limiter: IpRateLimiter }> = async (
  app,
  { events, limiter },
) => {
  // `navigator.sendBeacon(url, string)` sends text/plain (no preflight): its text is the event's JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError('bad_request'), undefined);
    }
  });

  app.options(STATISTIC_EVENT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).headers(CORS_HEADERS).send(),
  );

  app.post(
    STATISTIC_EVENT_PATH,
    {
      bodyLimit: EVENT_BODY_LIMIT,
      // Counted before the body is read or checked, so a flood of junk is refused as cheaply as a flood of events.
      onRequest: async (request, reply) => {
        void reply.headers(CORS_HEADERS);
        if (!limiter.allow(request.ip)) throw new AppError('rate_limited', { retryAfterSeconds: 60 });
      },
      schema: {
        tags: ['statistics'],
        summary:
          "The public viewer's event (a view, a spin, an interior or a hotspot opened) for a published vehicle, as " +
          'JSON or as the text/plain body of navigator.sendBeacon; no cookie; counted at most a few times per ' +
          'visitor, vehicle, kind and day',
        body: statisticEventBody,
        response: { 204: z.null(), ...errorResponses(400, 404, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 512);
      await events.record(request.body, { ip: request.ip, userAgent });
      return reply.code(204).send(null);
    },
  );
};

const chartRoutes: FastifyPluginAsyncZod<{ chart: StatisticChartService }> = async (app, { chart }) => {
  const tags = ['statistics'];
  const route = actorRoutes(app, tags);

  route.get('/statistics/chart', {
    summary:
      'Views, spins, interior and hotspot openings per Japan day of a period (both dates included, at most one ' +
      'year), summed over the chosen vehicles or every vehicle the caller sees',
    querystring: statisticChartQuery,
    answer: statisticChartAnswer,
    errors: [401, 404, 422],
    run: (actor, { query }) => chart.chart(actor, query),
  });

  app.get(
    '/statistics/chart/csv',
    signedInRoute(tags)({
      summary:
        'The same period as a CSV file (text/csv, UTF-8 with BOM): one line per vehicle and day with any count, ' +
        'every cell neutralised against formulas',
      querystring: statisticChartQuery,
      response: errorResponses(401, 404, 422),
    }),
    async (request, reply) => {
      const { fileName, stream } = await chart.csv(actorOf(request), request.query);
      return sendCsv(reply, fileName, stream);
    },
  );
};

export async function registerEventRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(eventRoutes, {
    events: statisticEventService({
      db: ctx.db,
      // The viewer names its vehicle by the short id of its address: the publishing area's, read here.
      resolveShortId: (shortId) => contentIdOfShortId(ctx.db, shortId),
    }),
    limiter: ipRateLimiter({ perMinute: EVENTS_PER_IP_PER_MINUTE }),
  });
}

export async function registerChartRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(chartRoutes, { chart: statisticChartService(ctx.db) });
}
