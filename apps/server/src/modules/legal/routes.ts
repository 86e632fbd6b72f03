import {
  legalAcceptBody,
  legalDocumentAnswer,
  legalDraftBody,
  legalEditAnswer,
  legalEditQuery,
  legalKindParams,
  legalPublicQuery,
  legalPublishBody,
  legalStatusAnswer,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import { documentRoutes } from '../../http/resource-routes.ts';
import { errorResponses } from '../../http/schemas.ts';
import { hostNameOf } from '../auth/host-rule.ts';
import type { LegalService } from './service.ts';

const tags = ['legal texts'];

/** The public read: the sign-up page, the footer's links and the three titled screens need no sign-in. */
export const legalPublicRoutes: FastifyPluginAsyncZod<{ legal: LegalService }> = async (app, { legal }) => {
  app.get(
    '/v1/legal/:kind',
    {
      schema: {
        tags,
        summary:
          "The text in force of the request's domain (its host) in a language: terms, privacy, personal_information",
        description:
          "The domain's newest published version, or the product's default text (version 0) until it publishes one. " +
          'A language left empty falls back to Japanese, then English (`language` says which was served). Plain text.',
        params: legalKindParams,
        querystring: legalPublicQuery,
        response: { 200: legalDocumentAnswer, ...errorResponses(422) },
      },
    },
    async (request) => legal.publicText(hostNameOf(request.host), request.params.kind, request.query.lang),
  );
};

/** The master's editing and a signed-in user's acceptance of new versions. */
export const legalRoutes: FastifyPluginAsyncZod<{ legal: LegalService }> = async (app, { legal }) => {
  const route = actorRoutes(app, tags);

  route.get('/v1/legal/:kind/edit', {
    summary: "One text of a domain as the master edits it: the draft, every published version, the product's default",
    params: legalKindParams,
    querystring: legalEditQuery,
    answer: legalEditAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params, query }) => legal.editView(actor, params.kind, query.domain_id),
  });

  route.post('/v1/legal/:kind/draft', {
    summary: 'Save the draft of a text of a domain in four languages (master); published versions never change',
    params: legalKindParams,
    body: legalDraftBody,
    answer: legalEditAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params, body }) => legal.saveDraft(actor, params.kind, body),
  });

  route.post('/v1/legal/:kind/publish', {
    summary: "Publish the draft as the text's next version (master): the domain's users are asked to accept it",
    description: '409 legal_nothing_to_publish without a draft; 422 when neither Japanese nor English is written.',
    params: legalKindParams,
    body: legalPublishBody,
    answer: legalEditAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => legal.publish(actor, params.kind, body.domain_id),
  });

  documentRoutes(route, '/v1/legal-acceptance', {
    body: legalAcceptBody,
    answer: legalStatusAnswer,
    read: {
      summary: "The texts of the caller's domain published since they last accepted (empty: nothing to ask)",
      errors: [401],
      run: (actor) => legal.status(actor),
    },
    update: {
      summary: 'Accept the versions in force of the texts named; the time and address are recorded',
      description: '409 legal_version_outdated when a version named is not the one in force.',
      errors: [401, 409, 422],
      run: (actor, { body, request }) => legal.accept(actor, body, request.ip),
    },
  });
};
