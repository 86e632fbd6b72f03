import {
  cancelBody,
  cancellationPreviewAnswer,
  cardAnswer,
  cardCreateBody,
  cardListAnswer,
  cardTokenAnswer,
  subscribeBody,
  subscriptionAnswer,
  usageQuotaAnswer,
  webhookAnswer,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { CardsService } from './cards-service.ts';
import type { ContractService } from './contract.ts';
import type { SubscriptionService } from './subscription-service.ts';
import type { WebhookService } from './webhook-service.ts';

/** A gateway's notice is a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const CARD_ERRORS = [402, 409];

export const billingRoutes: FastifyPluginAsyncZod<{
  cards: CardsService;
  subscriptions: SubscriptionService;
  contract: ContractService;
}> = async (app, { cards, subscriptions, contract }) => {
  const route = actorRoutes(app, ['billing']);

  route.post('/v1/credit-cards', {
    summary:
      'Save a card from a token made in the browser (never a card number) as the default card; an account behind ' +
      'on payment pays its open amount with it at once. A refused card answers its card error (402)',
    body: cardCreateBody,
    answer: cardAnswer,
    created: true,
    errors: [401, 403, ...CARD_ERRORS, 422, 503],
    run: (actor, { body }) => cards.add(actor, body.token),
  });

  route.get('/v1/credit-cards', {
    summary: "The caller's cards, the default first, each saying whether it expires before the next renewal",
    answer: cardListAnswer,
    errors: [401, 403],
    run: (actor) => cards.list(actor),
  });

  route.post('/v1/subscription', {
    summary:
      'Start, upgrade (at once, prorated), downgrade (from the period end, once a month) or take back a ' +
      'cancellation; the request_id makes a repeated press answer the same without charging twice',
    body: subscribeBody,
    answer: subscriptionAnswer,
    errors: [401, 402, 403, 404, 409, 422, 503],
    run: (actor, { body }) => subscriptions.subscribe(actor, body),
  });

  route.get('/v1/subscription', {
    summary: 'The contract as /settlements/subscription shows it: plan, totals, next billing, end date, open payment',
    answer: subscriptionAnswer,
    errors: [401, 403, 404],
    run: (actor) => subscriptions.get(actor),
  });

  route.post('/v1/subscription/confirm', {
    summary: 'Back from a 3-D Secure challenge: the waiting charges are read again from the gateway and applied',
    answer: subscriptionAnswer,
    errors: [401, 402, 403, 404, 503],
    run: (actor) => subscriptions.confirm(actor),
  });

  route.post('/v1/subscription/cancel', {
    summary:
      'Cancel the contract at the end of the paid period at least a month ahead (service and renewals go on until ' +
      'then); taken back by subscribing again until 30 days before that end',
    body: cancelBody,
    answer: subscriptionAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => contract.cancel(actor, body.accept_terms),
  });

  route.get('/v1/subscription/cancel/preview', {
    summary:
      'What cancelling now would mean, before confirming: the service end date and each renewal still charged ' +
      'before it (computed as the cancellation computes them; nothing changes)',
    answer: cancellationPreviewAnswer,
    errors: [401, 403, 404, 409],
    run: (actor) => contract.preview(actor),
  });

  route.get('/v1/usage-quota', {
    summary: 'Vehicles that count against the account limit (the plan sets it), and that limit',
    answer: usageQuotaAnswer,
    errors: [401, 403],
    run: (actor) => cards.usageQuota(actor),
  });
};

/** The public billing calls: the gateway's browser settings and its notices. */
export const billingPublicRoutes: FastifyPluginAsyncZod<{ cards: CardsService; webhooks: WebhookService }> = async (
  app,
  { cards, webhooks },
) => {
  app.get(
    '/v1/card-token',
    {
      schema: {
        tags: ['billing'],
        summary: "What the browser needs to turn a card into a token with the gateway's own script (public key only)",
        response: { 200: cardTokenAnswer, ...errorResponses(404) },
      },
    },
    async () => cards.cardToken(),
  );

  // The signature is over the exact bytes sent: the body is kept raw for this route only (its own scope).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/v1/payments/webhook/:gateway',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['billing'],
          summary: "The gateway's signed notices (a charge succeeded or failed); each event applied once",
          params: z.object({ gateway: z.string().max(16) }),
          response: { 200: webhookAnswer, ...errorResponses(400, 404, 413) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { gateway } = request.params as { gateway: string };
        return webhooks.receive(gateway, body, request.headers);
      },
    );
  });
};
