import {
  offeredPlansAnswer,
  planAnswer,
  planBody,
  planListAnswer,
  planListQuery,
  planParams,
  planUpdateBody,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import type { PlansService } from './service.ts';

const tags = ['plans'];

/**
 * The spec's call list: "/plans (create, list); /plan/{id} (read, update, delete)". An update is a POST to the
 * plan's address, as `/v1/subordinates/{id}` and `/v1/domain/{id}` are. Master only.
 */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  const route = actorRoutes(app, tags);

  route.get('/v1/plans', {
    summary: 'Plans (not deleted), oldest first, searched by id and name; `offered` keeps what /user/plan shows',
    querystring: planListQuery,
    answer: planListAnswer,
    errors: [401, 403, 422],
    run: (actor, { query }) => plans.list(actor, query),
  });

  route.post('/v1/plans', {
    summary: 'Add a plan; the amount is in the currency’s minor unit (yen, cents)',
    description:
      'Refusals: 409 duplicate_plan_id when any plan, deleted ones included, has the id in any letter case; ' +
      '422 naming the field otherwise (id alphanumeric, currency one_of, amount integer and range).',
    body: planBody,
    answer: planAnswer,
    created: true,
    errors: [401, 403, 409, 422],
    run: (actor, { body }) => plans.create(actor, body),
  });

  route.get('/v1/plan/:id', {
    summary: 'One plan with its number of subscribers',
    params: planParams,
    answer: planAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => plans.get(actor, params.id),
  });

  route.post('/v1/plan/:id', {
    summary: 'Edit a plan (any subset of the fields but the id)',
    description:
      'A plan with subscribers keeps its amount, currency and interval and cannot be disabled or made inactive: ' +
      '409 plan_has_subscribers naming each field. The free plan is never disabled, inactive or priced: 409 ' +
      'free_plan_fixed.',
    params: planParams,
    body: planUpdateBody,
    answer: planAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => plans.update(actor, params.id, body),
  });

  route.delete('/v1/plan/:id', {
    summary: 'Delete a plan (kept for the invoices that name it; its id is never given again)',
    description: 'Refusals: 409 plan_has_subscribers, 409 free_plan_fixed.',
    params: planParams,
    answer: planAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params }) => plans.remove(actor, params.id),
  });
};

/** What /user/plan lists to someone who has no account yet. */
export const plansPublicRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get(
    '/v1/plans/offered',
    {
      schema: {
        tags,
        summary: 'The plans a new customer may pick (enabled, shown, active), by currency, cheapest first',
        response: { 200: offeredPlansAnswer },
      },
    },
    async () => plans.offered(),
  );
};
