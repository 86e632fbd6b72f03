import {
  branchCreateBody,
  branchesQuery,
  branchUpdateBody,
  companyAnswer,
  companyCodeAnswer,
  companyCodeParams,
  companyInfoAnswer,
  companyPage,
  companyPatchBody,
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
  headquartersCreateBody,
  headquartersPage,
  headquartersQuery,
  hostParams,
  idParams,
  maxContentsAnswer,
  tenancyListQuery,
} from '@spinyard/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Actor } from '../auth/service.ts';
import { IMAGE_BODY_LIMIT_BYTES, imageBody } from './schemas.ts';
import type { DomainImageKind, TenancyService } from './service.ts';

const security = [{ bearer: [] }];

export const tenancyPublicRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  app.get(
    '/v1/companycode/:host',
    {
      schema: {
        tags: ['tenancy'],
        summary: 'Company code and service name of a host name (0006 and no name when the host is not a tenant)',
        params: hostParams,
        response: { 200: companyCodeAnswer },
      },
    },
    async (request) => tenancy.brandForHost(request.params.host),
  );
};

const DOMAIN_IMAGE_PATHS: readonly { path: string; kind: DomainImageKind; what: string }[] = [
  { path: 'logo', kind: 'logo', what: 'Domain logo: PNG, exactly 488x110, up to 2 MB' },
  { path: 'splash', kind: 'splash', what: 'Splash image: JPEG or PNG, at most 860x645, up to 2 MB' },
  { path: 'round-logo', kind: 'round_logo', what: 'Round bottom logo: PNG or JPEG, at most 300x300, up to 2 MB' },
];

type TenancyApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a picture route answers: the row the picture belongs to, a domain or a company. */
type PictureOwner = typeof domainDetailAnswer | typeof companyAnswer;

/** One picture's two routes: what differs per picture, and the service calls behind them. */
interface Picture<P extends z.ZodObject, A extends PictureOwner> {
  url: string;
  tags: string[];
  params: P;
  answer: A;
  upload: {
    summary: string;
    description: string;
    run: (actor: Actor, params: z.output<P>, image: Buffer) => Promise<z.input<A>>;
  };
  remove: { summary: string; run: (actor: Actor, params: z.output<P>) => Promise<z.input<A>> };
}

/**
 * Registers the upload (POST) and removal (DELETE) of one picture. Every picture travels the same way (base64 JSON
 * under the image body limit) and is refused for the same reasons, so only what names it differs per picture.
 */
function pictureRoutes<P extends z.ZodObject, A extends PictureOwner>(app: TenancyApp, picture: Picture<P, A>): void {
  // Fastify has checked the parameters against picture.params before a handler runs; TypeScript cannot follow the
  // type provider through a generic schema, so their type is named here.
  const paramsOf = (request: FastifyRequest) => request.params as z.output<P>;
  // A malformed id in the path is a 422 of its own; a route without parameters cannot answer one on removal.
  const paramErrors = Object.keys(picture.params.shape).length > 0 ? [422] : [];
  const answer: PictureOwner = picture.answer;

  app.post(
    picture.url,
    {
      bodyLimit: IMAGE_BODY_LIMIT_BYTES,
      schema: {
        tags: picture.tags,
        summary: picture.upload.summary,
        description: picture.upload.description,
        security,
        params: picture.params,
        body: imageBody,
        response: { 200: answer, ...errorResponses(401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => picture.upload.run(actorOf(request), paramsOf(request), request.body.image),
  );

  app.delete(
    picture.url,
    {
      schema: {
        tags: picture.tags,
        summary: picture.remove.summary,
        security,
        params: picture.params,
        response: { 200: answer, ...errorResponses(401, 403, 404, 409, ...paramErrors) },
      },
    },
    async (request) => picture.remove.run(actorOf(request), paramsOf(request)),
  );
}

export const tenancyRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  // ---- Domains (master) -------------------------------------------------------------------------------------

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

  // ---- Headquarters and branches (super of the domain, master) ----------------------------------------------

  app.get(
    '/v1/headquarters',
    {
      schema: {
        tags: ['companies'],
        summary: "Headquarters of the caller's domain (master: all, or one domain's)",
        security,
        querystring: headquartersQuery,
        response: { 200: headquartersPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => tenancy.listHeadquarters(actorOf(request), request.query),
  );

  app.post(
    '/v1/headquarters',
    {
      schema: {
        tags: ['companies'],
        summary: "Create a headquarters in the caller's domain (master: in domain_id)",
        security,
        body: headquartersCreateBody,
        response: { 201: companyAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await tenancy.createHeadquarters(actorOf(request), request.body)),
  );

  app.get(
    '/v1/headquarters/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'A headquarters',
        security,
        params: idParams,
        response: { 200: companyAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.getHeadquarters(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/headquarters/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Update a headquarters; fields not sent keep their values',
        security,
        params: idParams,
        body: companyPatchBody,
        response: { 200: companyAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => tenancy.updateHeadquarters(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/v1/branches',
    {
      schema: {
        tags: ['companies'],
        summary: "Branches of the caller's domain, or of one headquarters (master: all, or one domain's)",
        security,
        querystring: branchesQuery,
        response: { 200: companyPage, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.listBranches(actorOf(request), request.query),
  );

  app.post(
    '/v1/branches',
    {
      schema: {
        tags: ['companies'],
        summary: 'Create a branch under a headquarters of the same domain',
        security,
        body: branchCreateBody,
        response: { 201: companyAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await tenancy.createBranch(actorOf(request), request.body)),
  );

  app.get(
    '/v1/branches/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'A branch',
        security,
        params: idParams,
        response: { 200: companyAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => tenancy.getBranch(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/branches/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Update a branch; headquarters_id moves it under another headquarters of its domain',
        security,
        params: idParams,
        body: branchUpdateBody,
        response: { 200: companyAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => tenancy.updateBranch(actorOf(request), request.params.id, request.body),
  );

  // ---- The caller's company ---------------------------------------------------------------------------------

  app.get(
    '/v1/companyinfo',
    {
      schema: {
        tags: ['companies'],
        summary: "The caller's company (/companyinfo/info; super and admin)",
        security,
        response: { 200: companyInfoAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => tenancy.companyInfo(actorOf(request)),
  );

  app.post(
    '/v1/company',
    {
      schema: {
        tags: ['companies'],
        summary: "Edit the caller's company (/company/edit; super); fields not sent keep their values",
        security,
        body: companyPatchBody,
        response: { 200: companyAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => tenancy.editOwnCompany(actorOf(request), request.body),
  );

  pictureRoutes(app, {
    url: '/v1/company/logo',
    tags: ['companies'],
    params: z.object({}),
    answer: companyAnswer,
    upload: {
      summary: "Upload the caller's company logo: png, gif or jpg by content, up to 5 MB (super)",
      description:
        "Re-encoded to PNG. The domain's own company publishes it at /svnmedia/images/logos/company_logo_{company_code}.png, the sidebar logo of the domain's host.",
      run: (actor, _params, data) => tenancy.uploadCompanyLogo(actor, data),
    },
    remove: {
      summary: "Remove the caller's company logo (the sidebar shows the product's logo again)",
      run: (actor) => tenancy.removeCompanyLogo(actor),
    },
  });
};
