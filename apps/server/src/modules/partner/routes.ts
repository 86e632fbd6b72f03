import {
  deletedAnswer,
  idParams,
  partnerBillingReportQuery,
  reportingKeyCreateBody,
  reportingKeyList,
  reportingKeySecretAnswer,
  reportingKeysQuery,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes, sendCsv, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { PartnerBillingReportService } from './billing-report-service.ts';
import type { ReportingKeysService } from './keys-service.ts';

const tags = ['partner'];

/** The partner billing report and the reporting API's keys (master and the domain's super). */
export const partnerRoutes: FastifyPluginAsyncZod<{
  keys: ReportingKeysService;
  billing: PartnerBillingReportService;
}> = async (app, { keys, billing }) => {
  const route = actorRoutes(app, tags);
  const KEYS = '/v1/reporting-api-keys';
  // Every key call is refused alike: 403 to roles other than master and super, 404 for a key of another domain.
  const errors = [401, 403, 404, 422];

  route.get(KEYS, {
    summary: "The reporting API's live keys of the caller's domain (master: of domain_id), without the keys themselves",
    querystring: reportingKeysQuery,
    answer: reportingKeyList,
    errors,
    run: (actor, { query }) => keys.list(actor, query),
  });
  route.post(KEYS, {
    summary: 'Create a reporting API key: the answer is the only time the key is shown (only its hash is kept)',
    body: reportingKeyCreateBody,
    answer: reportingKeySecretAnswer,
    created: true,
    errors,
    run: (actor, { body }) => keys.create(actor, body),
  });
  const byId = { params: idParams, errors };
  route.post(`${KEYS}/:id/rotate`, {
    ...byId,
    summary: 'Replace a key by a new one, shown once; the old key is refused from now on',
    answer: reportingKeySecretAnswer,
    run: (actor, { params }) => keys.rotate(actor, params.id),
  });
  route.delete(`${KEYS}/:id`, {
    ...byId,
    summary: 'Revoke a key: refused from now on',
    answer: deletedAnswer,
    run: (actor, { params }) => keys.revoke(actor, params.id),
  });

  app.get(
    '/v1/partner-billing-report',
    signedInRoute(tags)({
      summary:
        'The partner billing report of one month (YYYY-MM, Japan time) as CSV (UTF-8 with BOM, every cell ' +
        'neutralised against formulas): one line per user of a corporation or its locations, with the department, ' +
        'job number and authorizer job number, and the vehicles registered, created and published in the month',
      querystring: partnerBillingReportQuery,
      response: errorResponses(401, 403, 404, 422),
    }),
    async (request, reply) => {
      const { fileName, stream } = await billing.report(actorOf(request), request.query);
      return sendCsv(reply, fileName, stream);
    },
  );
};
