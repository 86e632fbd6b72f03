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
import { actorRoutes } from '../../http/actor-routes.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { pictureRoutes } from './picture-routes.ts';
import type { DomainImageKind, TenancyService } from './service.ts';

const DOMAIN_IMAGE_PATHS: readonly { path: string; kind: DomainImageKind; what: string }[] = [
  { path: 'logo', kind: 'logo', what: 'Domain logo: PNG, exactly 488x110, up to 2 MB' },
  { path: 'splash', kind: 'splash', what: 'Splash image: JPEG or PNG, at most 860x645, up to 2 MB' },
  { path: 'round-logo', kind: 'round_logo', what: 'Round bottom logo: PNG or JPEG, at most 300x300, up to 2 MB' },
];

/** Domains (master): list, search, read, add, edit, delete, pictures and bulk options. */
export const domainRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  const route = actorRoutes(app, ['domains']);

  resourceRoutes(route, {
    collection: '/v1/domain',
    item: '/v1/domain/:id',
    schemas: {
      params: idParams,
      query: tenancyListQuery,
      listAnswer: domainPage,
      createBody: domainCreateBody,
      updateBody: domainUpdateBody,
      answer: domainDetailAnswer,
      createAnswer: domainCreatedAnswer,
    },
    service: {
      list: tenancy.listDomains,
      create: (actor, body, request) => tenancy.createDomain(actor, body, request.headers.origin),
      get: tenancy.getDomain,
      update: tenancy.updateDomain,
      remove: tenancy.deleteDomain,
    },
    docs: {
      list: {
        summary: 'Domains, newest first; q searches host, company code and service name (master)',
        errors: [401, 403, 422],
      },
      create: {
        summary: 'Register a domain with its headquarters and its super user, who is mailed an activation link',
        errors: [401, 403, 404, 409, 422],
      },
      read: {
        summary: 'A domain with every option, its pictures and its super users (master)',
        errors: [401, 403, 404, 422],
      },
      update: {
        summary: 'Update a domain: host, service name, host flags, any options (master)',
        description:
          "Options are merged into the stored ones and take effect on the next request of the domain's users. " +
          'A vehicle limit below the vehicles already registered is refused with domain_limit_below_registered.',
        errors: [401, 403, 404, 409, 422],
      },
      remove: {
        summary: 'Mark a domain for the nightly deletion (03:00 Asia/Tokyo); its users are signed out (master)',
        errors: [401, 403, 404, 422],
      },
    },
  });

  route.get('/v1/domain/search/:q', {
    summary: 'Up to 20 domains whose host, company code or service name contains q (master)',
    params: domainSearchParams,
    answer: domainItems,
    errors: [401, 403, 422],
    run: (actor, { params }) => tenancy.searchDomains(actor, params.q),
  });

  route.get('/v1/domain/duplicate-check/:host', {
    summary: 'Whether a host (and optionally a company code) can be registered (master)',
    params: hostParams,
    querystring: duplicateCheckQuery,
    answer: duplicateCheckAnswer,
    errors: [401, 403, 422],
    run: (actor, { params, query }) => tenancy.duplicateCheck(actor, params.host, query.company_code),
  });

  route.get('/v1/domain/max-contents/:id', {
    summary: 'Registered vehicles of a domain against its vehicle limit (master)',
    params: idParams,
    answer: maxContentsAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => tenancy.maxContents(actor, params.id),
  });

  route.get('/v1/domain/code/:company_code', {
    summary: 'A domain by its company code (the /domain/edit/{CompanyCode} screen) (master)',
    params: companyCodeParams,
    answer: domainDetailAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => tenancy.getDomainByCode(actor, params.company_code),
  });

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

  route.post('/v1/domain-update', {
    summary: 'Apply one set of options (and/or host flags) to several domains, all or nothing (master)',
    body: domainBulkUpdateBody,
    answer: domainItems,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => tenancy.bulkUpdateDomains(actor, body),
  });
};
