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
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { PlansService } from './service.ts';

const tags = ['plans'];

/**
 * The spec's call list: "/plans (create, list); /plan/{id} (read, update, delete)". An update is a POST to the
 * plan's address, as `/v1/subordinates/{id}` and `/v1/domain/{id}` are. Master only.
 */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  resourceRoutes(actorRoutes(app, tags), {
    collection: '/v1/plans',
    item: '/v1/plan/:id',
    schemas: {
      params: planParams,
      query: planListQuery,
      listAnswer: planListAnswer,
      createBody: planBody,
      updateBody: planUpdateBody,
      answer: planAnswer,
    },
    service: plans,
    docs: {
      list: {
        summary: 'Plans (not deleted), oldest first, searched by id and name; `offered` keeps what /user/plan shows',
        errors: [401, 403, 422],
      },
      create: {
        summary: 'Add a plan; the amount is in the currency’s minor unit (yen, cents)',
        description:
          'Refusals: 409 duplicate_plan_id when any plan, deleted ones included, has the id in any letter case; ' +
          '422 naming the field otherwise (id alphanumeric, currency one_of, amount integer and range).',
        errors: [401, 403, 409, 422],
      },
      read: { summary: 'One plan with its number of subscribers', errors: [401, 403, 404, 422] },
      update: {
        summary: 'Edit a plan (any subset of the fields but the id)',
        description:
          'A plan with subscribers keeps its amount, currency and interval and cannot be disabled or made inactive: ' +
          '409 plan_has_subscribers naming each field. The free plan is never disabled, inactive or priced: 409 ' +
          'free_plan_fixed.',
        errors: [401, 403, 404, 409, 422],
      },
      remove: {
        summary: 'Delete a plan (kept for the invoices that name it; its id is never given again)',
        description: 'Refusals: 409 plan_has_subscribers, 409 free_plan_fixed.',
        errors: [401, 403, 404, 409, 422],
      },
    },
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
