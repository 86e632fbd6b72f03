import {
  companyCodeParams,
  domainBulkUpdateBody,
  domainCreateBody,
  domainCreatedAnswer,
  domainDetailAnswer,
  domainItems,
  domainPage,
  domainSearchParams,
  domainUpdateBody,
  duplicateCheckAnswer,
  duplicateCheckQuery,
  hostParams,
  idParams,
  maxContentsAnswer,
  tenancyListQuery,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { pictureRoutes } from './picture-routes.ts';
import type { DomainImageKind, TenancyService } from './service.ts';

const security = [{ bearer: [] }];

const DOMAIN_IMAGE_PATHS: readonly { path: string; kind: DomainImageKind; what: string }[] = [
  { path: 'logo', kind: 'logo', what: 'Domain logo: PNG, exactly 488x110, up to 2 MB' },
  { path: 'splash', kind: 'splash', what: 'Splash image: JPEG or PNG, at most 860x645, up to 2 MB' },
  { path: 'round-logo', kind: 'round_logo', what: 'Round bottom logo: PNG or JPEG, at most 300x300, up to 2 MB' },
];

/** Domains (master): list, search, read, add, edit, delete, pictures and bulk options. */
export const domainRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  app.get(
    '/v1/domain',
    {
      schema: {
        tags: ['domains'],
        summary: 'Domains, newest first; q searches host, company code and service name (master)',
        security,
        querystring: tenancyListQuery,
        response: { 200: domainPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => tenancy.listDomains(actorOf(request), request.query),
  );

  app.post(
    '/v1/domain',
    {
      schema: {
        tags: ['domains'],
        summary: 'Register a domain with its headquarters and its super user, who is mailed an activation link',
        security,
        body: domainCreateBody,
        response: { 201: domainCreatedAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const created = await tenancy.createDomain(actorOf(request), request.body, request.headers.origin);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/domain/search/:q',
    {
      schema: {
        tags: ['domains'],
        summary: 'Up to 20 domains whose host, company code or service name contains q (master)',
        security,
        params: domainSearchParams,
        response: { 200: domainItems, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => tenancy.searchDomains(actorOf(request), request.params.q),
  );

  app.get(
    '/v1/domain/duplicate-check/:host',
    {
      schema: {
        tags: ['domains'],
        summary: 'Whether a host (and optionally a company code) can be registered (master)',
        security,
        params: hostParams,
        querystring: duplicateCheckQuery,
        response: { 200: duplicateCheckAnswer, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => tenancy.duplicateCheck(actorOf(request), request.params.host, request.query.company_code),
  );

  app.get(
    '/v1/domain/max-contents/:id',
    {
      schema: {
        tags: ['domains'],
        summary: 'Registered vehicles of a domain against its vehicle limit (master)',
        security,
        params: idParams,
        response: { 200: maxContentsAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.maxContents(actorOf(request), request.params.id),
  );

  app.get(
    '/v1/domain/code/:company_code',
    {
      schema: {
        tags: ['domains'],
        summary: 'A domain by its company code (the /domain/edit/{CompanyCode} screen) (master)',
        security,
        params: companyCodeParams,
        response: { 200: domainDetailAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.getDomainByCode(actorOf(request), request.params.company_code),
  );

  app.get(
    '/v1/domain/:id',
    {
      schema: {
        tags: ['domains'],
        summary: 'A domain with every option, its pictures and its super users (master)',
        security,
        params: idParams,
        response: { 200: domainDetailAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.getDomain(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/domain/:id',
    {
      schema: {
        tags: ['domains'],
        summary: 'Update a domain: host, service name, host flags, any options (master)',
        description:
          "Options are merged into the stored ones and take effect on the next request of the domain's users. " +
          'A vehicle limit below the vehicles already registered is refused with domain_limit_below_registered.',
        security,
        params: idParams,
        body: domainUpdateBody,
        response: { 200: domainDetailAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => tenancy.updateDomain(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/domain/:id',
    {
      schema: {
        tags: ['domains'],
        summary: 'Mark a domain for the nightly deletion (03:00 Asia/Tokyo); its users are signed out (master)',
        security,
        params: idParams,
        response: { 200: domainDetailAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.deleteDomain(actorOf(request), request.params.id),
  );

  for (const image of DOMAIN_IMAGE_PATHS) {
    pictureRoutes(app, {
      url: `/v1/domain/:id/${image.path}`,
      tags: ['domains'],
      params: idParams,
      answer: domainDetailAnswer,
      upload: {
        summary: `Upload the ${image.what} (master)`,
        description: 'Checked by content (magic number and decoded size), re-encoded to drop metadata.',
        run: (actor, { id }, data) => tenancy.uploadDomainImage(actor, id, image.kind, data),
      },
      remove: {
        summary: `Remove the domain's ${image.kind.replace('_', ' ')} (master)`,
        run: (actor, { id }) => tenancy.removeDomainImage(actor, id, image.kind),
      },
    });
  }

  app.post(
    '/v1/domain-update',
    {
      schema: {
        tags: ['domains'],
        summary: 'Apply one set of options (and/or host flags) to several domains, all or nothing (master)',
        security,
        body: domainBulkUpdateBody,
        response: {
          200: domainItems,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => tenancy.bulkUpdateDomains(actorOf(request), request.body),
  );
};
