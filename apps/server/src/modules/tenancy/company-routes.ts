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
import { actorRoutes } from '../../http/actor-routes.ts';
import { pictureRoutes } from './picture-routes.ts';
import type { TenancyService } from './service.ts';

/** Headquarters and branches (super of the domain, master), and the caller's own company and its logo. */
export const companyRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  const route = actorRoutes(app, ['companies']);

  route.get('/v1/headquarters', {
    summary: "Headquarters of the caller's domain (master: all, or one domain's)",
    querystring: headquartersQuery,
    answer: headquartersPage,
    errors: [401, 403, 422],
    run: (actor, { query }) => tenancy.listHeadquarters(actor, query),
  });

  route.post('/v1/headquarters', {
    summary: "Create a headquarters in the caller's domain (master: in domain_id)",
    body: headquartersCreateBody,
    answer: companyAnswer,
    created: true,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => tenancy.createHeadquarters(actor, body),
  });

  route.get('/v1/headquarters/:id', {
    summary: 'A headquarters',
    params: idParams,
    answer: companyAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => tenancy.getHeadquarters(actor, params.id),
  });

  route.post('/v1/headquarters/:id', {
    summary: 'Update a headquarters; fields not sent keep their values',
    params: idParams,
    body: companyPatchBody,
    answer: companyAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => tenancy.updateHeadquarters(actor, params.id, body),
  });

  route.get('/v1/branches', {
    summary: "Branches of the caller's domain, or of one headquarters (master: all, or one domain's)",
    querystring: branchesQuery,
    answer: branchPage,
    errors: [401, 403, 404, 422],
    run: (actor, { query }) => tenancy.listBranches(actor, query),
  });

  route.post('/v1/branches', {
    summary: 'Create a branch under a headquarters of the same domain',
    body: branchCreateBody,
    answer: companyAnswer,
    created: true,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => tenancy.createBranch(actor, body),
  });

  route.get('/v1/branches/:id', {
    summary: 'A branch',
    params: idParams,
    answer: companyAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => tenancy.getBranch(actor, params.id),
  });

  route.post('/v1/branches/:id', {
    summary: 'Update a branch; headquarters_id moves it under another headquarters of its domain',
    params: idParams,
    body: branchUpdateBody,
    answer: companyAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => tenancy.updateBranch(actor, params.id, body),
  });

  // ---- The caller's company ---------------------------------------------------------------------------------

  route.get('/v1/companyinfo', {
    summary: "The caller's company (/companyinfo/info; super and admin)",
    answer: companyInfoAnswer,
    errors: [401, 403, 404],
    run: (actor) => tenancy.companyInfo(actor),
  });

  route.post('/v1/company', {
    summary: "Edit the caller's company (/company/edit; super); fields not sent keep their values",
    body: companyPatchBody,
    answer: companyAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => tenancy.editOwnCompany(actor, body),
  });

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
