import {
  branchCreateBody,
  branchesQuery,
  branchPage,
  branchUpdateBody,
  companyAnswer,
  companyInfoAnswer,
  companyPatchBody,
  headquartersCreateBody,
  headquartersPage,
  headquartersQuery,
  idParams,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { pictureRoutes } from './picture-routes.ts';
import type { TenancyService } from './service.ts';

const security = [{ bearer: [] }];

/** Headquarters and branches (super of the domain, master), and the caller's own company and its logo. */
export const companyRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
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
        response: { 200: branchPage, ...errorResponses(401, 403, 404, 422) },
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
