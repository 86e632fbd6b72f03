import {
  REPORTING_CALLS_PER_MINUTE,
  reportingBillPage,
  reportingContactPage,
  reportingContentPage,
  reportingCorporationPage,
  reportingLinkageCsvQuery,
  reportingLinkPage,
  reportingQuery,
} from '@spinyard/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/actor-routes.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ReportingService } from './reporting-service.ts';

export const REPORTING_API = '/api/reporting/v0';
export const REPORTING_KEY_HEADER = 'x-api-key';

const headers = z.object({ [REPORTING_KEY_HEADER]: z.string().max(200).optional() });

const keyOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[REPORTING_KEY_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** The reporting API: one domain's data for a partner's systems, reached with a key instead of a sign-in. */
export const reportingRoutes: FastifyPluginAsyncZod<{ reporting: ReportingService }> = async (app, { reporting }) => {
  const KEY_RULES =
    `The key in the ${REPORTING_KEY_HEADER} header (made on the console's corporations page). 401 for a missing, ` +
    `unknown, rotated or revoked key; at most ${REPORTING_CALLS_PER_MINUTE} calls a minute per key (429 ` +
    'rate_limited with Retry-After).';
  const read = (summary: string, answer: z.ZodType) => ({
    schema: {
      tags: ['reporting-api'],
      summary,
      description: `${KEY_RULES} Pages of at most 1,000 in id order; month=YYYY-MM narrows to one month.`,
      querystring: reportingQuery,
      headers,
      response: { 200: answer, ...errorResponses(401, 422, 429) },
    },
  });

  app.get(`${REPORTING_API}/bills`, read('Invoices issued to the domain’s users', reportingBillPage), (request) =>
    reporting.bills(keyOf(request), request.query),
  );
  app.get(
    `${REPORTING_API}/corporations`,
    read('The domain’s corporations (headquarters) with their location count', reportingCorporationPage),
    (request) => reporting.corporations(keyOf(request), request.query),
  );
  app.get(
    `${REPORTING_API}/contacts`,
    read('The domain’s corporation contacts (locations, branches) with their corporation', reportingContactPage),
    (request) => reporting.contacts(keyOf(request), request.query),
  );
  app.get(
    `${REPORTING_API}/contents`,
    read('The domain’s vehicles (month: created in it)', reportingContentPage),
    (request) => reporting.contents(keyOf(request), request.query),
  );
  app.get(
    `${REPORTING_API}/linkage-report`,
    read(
      'The listing-service linkage report: vehicles with a link state other than none or a listing link record ' +
        '(month: changed in it), each with the link state, last error code and message, partner property code, ' +
        'linked and unlinked times, and the count per coarse state',
      reportingLinkPage,
    ),
    (request) => reporting.linkage(keyOf(request), request.query),
  );
  app.get(
    `${REPORTING_API}/linkage-report.csv`,
    {
      schema: {
        tags: ['reporting-api'],
        summary:
          'The linkage report as CSV (UTF-8 with BOM, every cell neutralised against formulas): every vehicle of ' +
          'the selection in id order, one call however many',
        description: `${KEY_RULES} month=YYYY-MM narrows to the links changed in that month.`,
        querystring: reportingLinkageCsvQuery,
        headers,
        response: errorResponses(401, 422, 429),
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await reporting.linkageCsv(keyOf(request), request.query);
      return sendCsv(reply, fileName, stream);
    },
  );
};
