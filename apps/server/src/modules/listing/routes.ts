import {
  csAccountAnswer,
  csAllAnswer,
  csAllQuery,
  csAutojoinAnswer,
  csAutojoinBody,
  csBukkenAnswer,
  csBukkenQuery,
  csClientInfo,
  csContentsAnswer,
  csContentsBody,
  csCorporateListAnswer,
  csLatestAnswer,
  csLinkAnswer,
  csLogAnswer,
  csLoginBody,
  csReportAnswer,
  csReportQuery,
  idParams,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { areaRoutes } from '../area-routes.ts';
import type { Actor } from '../auth/service.ts';
import type { ListingAccountService } from './account-service.ts';
import type { LinkReads } from './link-reads.ts';
import type { LinkService } from './link-service.ts';

/** The partner's refusals every call may meet (second document section 8; params.msg_id is its message id). */
const PARTNER =
  '403 listing_not_joined (the link is not set up for the caller), 409 listing_login_required (sign in again), ' +
  '400 listing_partner_refused (params.msg_id 2001-2999), 503 listing_outside_hours (2998, retry later), ' +
  '504 listing_partner_timeout, 502 listing_partner_invalid.';
const PARTNER_ERRORS = [400, 401, 403, 409, 422, 502, 503, 504];
const LATEST =
  'The link statistics: remaining, and new, republished, unpublished, deleted, failed in the last 24 hours';

export const listingRoutes: FastifyPluginAsyncZod<{
  accounts: ListingAccountService;
  links: LinkService;
  reads: LinkReads;
}> = async (app, { accounts, links, reads }) => {
  const route = areaRoutes(app, 'listing');
  // Calls with no input about the caller's own account.
  const plain = <A extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    summary: string,
    answer: A,
    run: (actor: Actor) => Promise<z.input<A>>,
  ) =>
    (method === 'GET' ? route.get : route.post)(path, {
      summary,
      answer,
      errors: [401, 403],
      run: (actor) => run(actor),
    });
  plain(
    'GET',
    '/cs/account',
    "The caller's listing-site account: joined, signed in, automatic link, last client info",
    csAccountAnswer,
    (actor) => accounts.account(actor),
  );
  route.post('/cs/login', {
    summary: 'Sign in to the listing site; the password and the session are kept sealed',
    description: `400 listing_login_failed (field password) when the partner refuses them. ${PARTNER}`,
    body: csLoginBody,
    answer: csAccountAnswer,
    errors: PARTNER_ERRORS,
    run: (actor, { body }) => accounts.login(actor, body),
  });
  plain(
    'POST',
    '/cs/logout',
    'Sign out of the listing site and forget the session and password',
    csAccountAnswer,
    (actor) => accounts.logout(actor),
  );
  // The partner's reads: the caller's session, the partner's refusals as answers.
  const partnerRead = <Q extends z.ZodType, A extends z.ZodType>(
    path: string,
    summary: string,
    shape: { querystring?: Q; answer: A },
    run: (actor: Actor, query: z.output<Q>) => Promise<z.input<A>>,
  ) =>
    route.get(path, {
      summary,
      description: PARTNER,
      ...shape,
      errors: PARTNER_ERRORS,
      run: (actor, { query }) => run(actor, query as z.output<Q>),
    });
  partnerRead(
    '/cs/client-info',
    "The partner's client info; 200 means signed in (the top bar's car-site status)",
    { answer: csClientInfo },
    (actor) => accounts.clientInfo(actor),
  );
  partnerRead(
    '/cs/bukken',
    "The partner's properties matching a link key (property code or VIN by the domain's key type)",
    { querystring: csBukkenQuery, answer: csBukkenAnswer },
    (actor, query) => accounts.bukken(actor, query.key),
  );
  partnerRead(
    '/cs/corporate-list',
    "The partner's corporations of the caller's account",
    { answer: csCorporateListAnswer },
    (actor) => accounts.corporates(actor),
  );
  partnerRead(
    '/cs/report/aggregate',
    "The partner's views and inquiries per day (a period of at most one year)",
    { querystring: csReportQuery, answer: csReportAnswer },
    (actor, query) => accounts.report(actor, query),
  );
  route.post('/cs/contents/register', {
    summary: 'Link vehicles by hand (each one job); only their creator may',
    description:
      '409 listing_key_duplication when another vehicle has the same key, 422 listing_key_missing (field ' +
      'content_ids.N), 403 not_content_creator, 409 invalid_state_transition (already linking or linked). Nothing ' +
      `changes unless every vehicle can be linked. ${PARTNER}`,
    body: csContentsBody,
    answer: csContentsAnswer,
    errors: [...PARTNER_ERRORS, 404],
    run: (actor, { body }) => links.register(actor, body.content_ids),
  });
  route.post('/cs/contents/unregister', {
    summary: 'Unlink vehicles: cancel a waiting link, take a linked one off the partner, dismiss an error',
    description: `409 invalid_state_transition while a link is under way. ${PARTNER}`,
    body: csContentsBody,
    answer: csContentsAnswer,
    errors: [...PARTNER_ERRORS, 404],
    run: (actor, { body }) => links.unregister(actor, body.content_ids),
  });
  route.get('/cs/contents/:id', {
    summary: "A vehicle's link state",
    params: idParams,
    answer: csLinkAnswer,
    errors: [401, 404, 422],
    run: (actor, { params }) => reads.ofVehicle(actor, params.id),
  });
  // Our own records of the caller's links, a page at a time.
  const ownPage = <A extends z.ZodType>(
    path: string,
    summary: string,
    answer: A,
    run: (actor: Actor, q: { page: number; limit: number }) => Promise<z.input<A>>,
  ) =>
    route.get(path, {
      summary,
      querystring: csAllQuery,
      answer,
      errors: [401, 403, 422],
      run: (actor, { query }) => run(actor, query as { page: number; limit: number }),
    });
  ownPage(
    '/cs/log',
    "The caller's link events, newest first (new, republished, unpublished, deleted, failed)",
    csLogAnswer,
    (actor, q) => reads.log(actor, q),
  );
  ownPage('/cs/all', "Every link of the caller's vehicles, last changed first", csAllAnswer, (actor, q) =>
    reads.all(actor, q),
  );
  plain('GET', '/cs/latest', LATEST, csLatestAnswer, (actor) => reads.latest(actor));
  route.post('/users/cs_autojoin', {
    summary: "Turn the caller's automatic link on or off; on queues their vehicles that have a key of their own",
    body: csAutojoinBody,
    answer: csAutojoinAnswer,
    errors: [401, 403, 422],
    run: (actor, { body }) => links.autojoin(actor, body.cs_autojoin),
  });
};
