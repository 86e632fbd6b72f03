import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AccountsService } from './service.ts';

const profileAnswer = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    display_name: z.string(),
    privilege_type: z.enum(['master', 'super', 'admin', 'normal']),
    status: z.string(),
    company_section: z.string(),
    is_pay_by_credit: z.boolean(),
    two_step_auth: z.boolean(),
    last_login_at: z.string().nullable(),
    service_ends_at: z.string().nullable().describe('When a cancelled contract’s service ends; null otherwise.'),
  }),
  cs_joined: z.boolean(),
  domain: z.object({
    host: z.string(),
    company_code: z.string(),
    service_name: z.string(),
    host_flags: z.array(z.string()),
    is_product_domain: z.boolean(),
    options: z.object({
      option_data: z.boolean(),
      web_negotiation: z.boolean(),
      hotspot_browser: z.boolean(),
      hotspot_app: z.boolean(),
      is_user_add: z.boolean(),
      online_payment: z.boolean(),
      content_style: z.enum(['car', 'bike']),
    }),
  }),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** Routes that need a signed-in user; the scope they are registered in checks the access token. */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const security = [{ bearer: [] }];
  app.get(
    '/v1/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user with privilege type, domain and company',
        security,
        response: { 200: profileAnswer, ...errorResponses(401) },
      },
    },
    async (request) => accounts.profile(actorOf(request)),
  );

  app.get(
    '/v1/payment-status',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether the account is paid up (false sends the console to the payment-failure page)',
        security,
        response: { 200: z.object({ is_payment: z.boolean() }), ...errorResponses(401) },
      },
    },
    async (request) => accounts.paymentStatus(actorOf(request)),
  );

  app.get(
    '/v1/contents-service',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Service settings of the signed-in user',
        security,
        response: {
          200: z.object({
            is_pay_by_credit: z.boolean(),
            web_negotiation: z.boolean(),
            web_negotiation_max_time: z.number().int(),
            web_negotiation_limit_interval: z.enum(['year', 'month', 'week', 'day']),
            exterior_develop_view: z.boolean(),
            option_data: z.boolean(),
            is_user_add: z.boolean(),
          }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => accounts.contentsService(actorOf(request)),
  );
};
