import {
  csCriteoAnswer,
  csCriteoCsvQuery,
  csCriteoQuery,
  csCsvQuery,
  csOverviewAnswer,
  csPeriodQuery,
  csReportAccountsAnswer,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendCsv, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoutes } from '../area-routes.ts';
import type { Actor } from '../auth/service.ts';
import type { ListingOverviewService } from './overview-service.ts';

const MASTER = '403 forbidden for anyone but master.';
const PERIOD = '422 on `to` (rule range) past one year, or before `from`.';
const PARTNER_ERRORS = [400, 404, 409, 422, 502, 503, 504];
const CSV = '422 on `to` (rule range) past one month; every cell neutralised against formulas (UTF-8 with BOM).';
const PARTNER =
  "The dealer's own partner session: 409 listing_login_required when they are signed out, 404 when they have no " +
  'partner account, 400 listing_partner_refused (params.msg_id), 503 listing_outside_hours, 504, 502.';

/**
 * The master's listing reports (`/cs/report/all`, `/cs/report/accounts`, `/cs/report/criteo` and their CSV files):
 * the statistics submenu's `/statistic/cs-chart` and `/statistic/cs-criteo-chart`.
 */
export const listingReportRoutes: FastifyPluginAsyncZod<{ overview: ListingOverviewService }> = async (
  app,
  { overview },
) => {
  const route = areaRoutes(app, 'listing');
  // Every report is master's: the refusal and the 401 and 403 are the same for each.
  const masterGet = <Q extends z.ZodType | undefined, A extends z.ZodType>(
    path: string,
    doc: [summary: string, description: string],
    shape: { querystring?: Q; answer: A },
    errors: number[],
    run: (actor: Actor, query: Q extends z.ZodType ? z.output<Q> : undefined) => Promise<z.input<A>>,
  ) =>
    route.get(path, {
      summary: `Master: ${doc[0]}`,
      description: `${MASTER} ${doc[1]}`,
      ...shape,
      errors: [401, 403, ...errors],
      run: (actor, { query }) => run(actor, query as Q extends z.ZodType ? z.output<Q> : undefined),
    });
  masterGet(
    '/cs/report/all',
    [
      'the link statistics of every dealer with a partner account, per company and per Japan day of a period ' +
        '(remaining now; new, republished, unpublished, deleted, failed in the period)',
      PERIOD,
    ],
    { querystring: csPeriodQuery, answer: csOverviewAnswer },
    [422],
    (actor, query) => overview.overview(actor, query),
  );
  masterGet(
    '/cs/report/accounts',
    ["the dealers' partner accounts (the advertising report's choice)", ''],
    { answer: csReportAccountsAnswer },
    [],
    (actor) => overview.accounts(actor),
  );
  masterGet(
    '/cs/report/criteo',
    [
      "the partner's advertising (Criteo) report of one dealer's account, per Japan day of a period",
      `${PERIOD} ${PARTNER}`,
    ],
    { querystring: csCriteoQuery, answer: csCriteoAnswer },
    PARTNER_ERRORS,
    (actor, query) => overview.criteo(actor, query),
  );

  // The CSV files: the same periods, at most one month.
  const csvRoute = <Q extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    errors: number[],
    make: (actor: Actor, q: z.output<Q>) => ReturnType<ListingOverviewService['overviewCsv']>,
  ) =>
    app.get(
      path,
      signedInRoute(['listing'])({ summary, description: CSV, querystring, response: errorResponses(...errors) }),
      async (request, reply) => {
        const { fileName, stream } = await make(actorOf(request), request.query as z.output<Q>);
        return sendCsv(reply, fileName, stream);
      },
    );
  csvRoute(
    '/cs/report/all/csv',
    'Master: the link statistics as CSV, one line per company and day with any event',
    csCsvQuery,
    [401, 403, 422],
    (actor, q) => overview.overviewCsv(actor, q),
  );
  csvRoute(
    '/cs/report/criteo/csv',
    "Master: a dealer's advertising report as CSV, one line per day",
    csCriteoCsvQuery,
    [401, 403, ...PARTNER_ERRORS],
    (actor, q) => overview.criteoCsv(actor, q),
  );
};
