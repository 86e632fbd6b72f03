import {
  movieMailAnswer,
  movieMailBody,
  movieMailListQuery,
  movieMailPage,
  movieMailParams,
  movieMailResendBody,
} from '@spinyard/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import { preferredLocale } from '../../http/negotiate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, areaRoutes } from '../area-routes.ts';
import { MOVIE_LINK_PATH, type MovieLinkService } from './link-service.ts';
import { MOVIE_PAGE_CSP, MOVIE_PAGE_STATUS, moviePageHtml } from './page.ts';
import type { MovieMailService } from './service.ts';

const TAG = 'send_mail';
const OPTION =
  'Needs the domain option option_data (403 forbidden without it, for every role); the mails of the vehicles the ' +
  'caller sees (another tenant’s vehicle or mail: 404).';
const LINK =
  `The buyer's link is ${MOVIE_LINK_PATH}/{token}: the vehicle's promo film on a phone-sized page until the link ` +
  'expires, then a page saying so in the buyer’s language (410), with no movie URL in it.';

const originOf = (headers: Record<string, unknown>) =>
  typeof headers.origin === 'string' ? headers.origin : undefined;

/** `/send_mail` (second document, section 7: send movie mail, resend, history), in the content API. */
export const movieMailRoutes: FastifyPluginAsyncZod<{ mails: MovieMailService }> = async (app, { mails }) => {
  const route = areaRoutes(app, TAG);

  route.post('/send_mail', {
    summary: "Send a vehicle's movie mail: its promo film's link to buyers, valid until the chosen expiry",
    description:
      'Recipients 1 to 10 and cc up to 10 valid addresses, no address twice across both (422 no_duplicates on the ' +
      'later one); subject one line of at most 150 characters; body 1 to 4,000 characters (plain text, escaped in ' +
      'the HTML part); expiry 7, 30 or 90 days, or `date` with expires_on from today to 90 days ahead (the end of ' +
      `that day, Japan time). 409 movie_not_ready without a finished promo film. ${LINK} ${OPTION}`,
    body: movieMailBody,
    answer: movieMailAnswer,
    created: true,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body, request }) => mails.send(actor, body, originOf(request.headers)),
  });

  route.get('/send_mail', {
    summary: 'The mail history: the movie mails of the vehicles the caller sees, newest first',
    description: `Send date, recipients, cc, body and the link's expiry of each mail; optionally one vehicle's. ${OPTION}`,
    querystring: movieMailListQuery,
    answer: movieMailPage,
    errors: [401, 403, 422],
    run: (actor, { query }) => mails.list(actor, query),
  });

  route.get('/send_mail/:id', {
    summary: 'One movie mail of the history, to display',
    description: OPTION,
    params: movieMailParams,
    answer: movieMailAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => mails.get(actor, params.id),
  });

  route.post('/send_mail/:id/resend', {
    summary: 'Send a movie mail again: a new mail in the history with a link of its own',
    description:
      'The same recipients, cc, subject and body; the new link is valid as long as the first one was given, ' +
      'counted from now (at most 90 days); the first link keeps its own expiry. 409 movie_not_ready when the ' +
      `vehicle no longer has its promo film. ${OPTION}`,
    params: movieMailParams,
    body: movieMailResendBody,
    answer: movieMailAnswer,
    created: true,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body, request }) => mails.resend(actor, params.id, body.language, originOf(request.headers)),
  });

  app.delete(
    '/send_mail/:id',
    areaRoute(TAG)({
      summary: 'Delete a movie mail from the history; its link stops working at once',
      description: OPTION,
      params: movieMailParams,
      response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      await mails.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** A buyer's page, not an API call: left out of /docs like the viewer's pages. */
const HIDDEN = { schema: { hide: true } };

/** The page a mailed link opens (public: the token is the proof). */
export const moviePageRoutes: FastifyPluginAsync<{ links: MovieLinkService }> = async (app, { links }) => {
  app.get<{ Params: { token: string } }>(`${MOVIE_LINK_PATH}/:token`, HIDDEN, async (request, reply) => {
    const lang = preferredLocale(request.headers['accept-language'], 'ja');
    const state = await links.open(request.params.token);
    return reply
      .code(MOVIE_PAGE_STATUS[state.kind])
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', MOVIE_PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(moviePageHtml(state, lang));
  });
};
