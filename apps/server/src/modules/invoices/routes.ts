import {
  customerListAnswer,
  customerListQuery,
  idParams,
  invoiceDetailAnswer,
  invoiceListAnswer,
  invoiceListQuery,
  pageOf,
  UI_LOCALES,
} from '@spinyard/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorRoutes, sendCsv, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { preferredLocale } from '../../http/negotiate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { InvoicesService } from './service.ts';

/** A file, not JSON: Fastify sends a Buffer as it is; only the type provider's reply type does not know that. */
function sendPdf(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

const pdfQuery = z.object({ lang: z.enum(UI_LOCALES).optional() });

/** The spec's invoice calls (GET invoice, /details, /detail-all, /customers), the PDF and the CSV. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  const tags = ['invoices'];
  const route = actorRoutes(app, tags);

  route.get('/v1/invoice', {
    summary:
      "The caller's invoices, newest first, by month issued (Japan time): an admin paying by card sees their own; " +
      'master every customer’s, or the one named by user_id',
    querystring: invoiceListQuery,
    answer: invoiceListAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { query }) => invoices.list(actor, query),
  });

  route.get('/v1/details/:id', {
    summary:
      'One invoice as issued: issuer and registration number, lines, totals per tax rate (tax rounded once per ' +
      "rate) and the customer's plan identifier (free is the plan without charge)",
    params: idParams,
    answer: invoiceDetailAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => invoices.detail(actor, params.id),
  });

  route.get('/v1/detail-all', {
    summary: "Master: every customer's invoices with their details, filtered by customer and months",
    querystring: invoiceListQuery,
    answer: pageOf(invoiceDetailAnswer),
    errors: [401, 403, 422],
    run: (actor, { query }) => invoices.detailAll(actor, query),
  });

  route.get('/v1/customers', {
    summary:
      'Master: the customers paying by card with plan, subscription status, payment state, open amount and next ' +
      'billing; those behind on payment first',
    querystring: customerListQuery,
    answer: customerListAnswer,
    errors: [401, 403, 422],
    run: (actor, { query }) => invoices.customers(actor, query),
  });

  app.get(
    '/v1/invoice/csv',
    signedInRoute(tags)({
      summary:
        'The same list as a CSV file (text/csv, UTF-8 with BOM), every invoice of the filter, amounts in minor ' +
        'units, every cell neutralised against formulas',
      querystring: invoiceListQuery,
      response: errorResponses(401, 403, 404, 422),
    }),
    async (request, reply) => {
      const { fileName, stream } = await invoices.csv(actorOf(request), request.query);
      return sendCsv(reply, fileName, stream);
    },
  );

  app.get(
    '/v1/invoice/:id/pdf',
    signedInRoute(tags)({
      summary:
        'The invoice as a PDF in the language asked (lang, else the browser’s, else Japanese), with the ' +
        'Japanese font embedded',
      params: idParams,
      querystring: pdfQuery,
      response: errorResponses(401, 403, 404, 422),
    }),
    async (request, reply) => {
      const acceptLanguage = request.headers['accept-language'];
      const locale = request.query.lang ?? preferredLocale(acceptLanguage, 'ja');
      const { fileName, bytes } = await invoices.pdf(actorOf(request), request.params.id, locale);
      return sendPdf(reply, fileName, bytes);
    },
  );
};
