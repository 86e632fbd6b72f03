import {
  branchCreateBody,
  branchesQuery,
  branchPage,
  branchUpdateBody,
  companyAnswer,
  companyInfoAnswer,
  companyPatchBody,
  deletedAnswer,
  headquartersCreateBody,
  headquartersPage,
  headquartersQuery,
  idParams,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ActorRoutes, actorRoutes, type Parsed } from '../../http/actor-routes.ts';
import type { Actor } from '../auth/service.ts';
import { pictureRoutes } from './picture-routes.ts';
import type { TenancyService } from './service.ts';

/**
 * A kind of company the caller manages (headquarters, branches): the same four routes on each, list, create, read
 * and update, declared once from this table (what each route says, its schemas and its one service call).
 */
interface CompanyKind<Q extends z.ZodType, P extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  path: string;
  summaries: { list: string; create: string; read: string; update: string };
  listQuery: Q;
  page: P;
  listErrors: number[];
  createBody: C;
  updateBody: U;
  list(actor: Actor, query: Parsed<Q>): Promise<z.input<P>>;
  create(actor: Actor, body: Parsed<C>): Promise<Company>;
  read(actor: Actor, id: string): Promise<Company>;
  update(actor: Actor, id: string, body: Parsed<U>): Promise<Company>;
}

type Company = z.input<typeof companyAnswer>;

function companyKindRoutes<Q extends z.ZodType, P extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  route: ActorRoutes,
  kind: CompanyKind<Q, P, C, U>,
): void {
  const { path, summaries } = kind;
  route.get(path, {
    summary: summaries.list,
    querystring: kind.listQuery,
    answer: kind.page,
    errors: kind.listErrors,
    run: (actor, { query }) => kind.list(actor, query),
  });
  route.post(path, {
    summary: summaries.create,
    body: kind.createBody,
    answer: companyAnswer,
    created: true,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => kind.create(actor, body),
  });
  route.get(`${path}/:id`, {
    summary: summaries.read,
    params: idParams,
    answer: companyAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => kind.read(actor, params.id),
  });
  route.post(`${path}/:id`, {
    summary: summaries.update,
    params: idParams,
    body: kind.updateBody,
    answer: companyAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => kind.update(actor, params.id, body),
  });
}

/** Headquarters and branches (super of the domain, master), and the caller's own company and its logo. */
export const companyRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  const route = actorRoutes(app, ['companies']);

  companyKindRoutes(route, {
    path: '/v1/headquarters',
    summaries: {
      list: "Headquarters of the caller's domain (master: all, or one domain's)",
      create: "Create a headquarters in the caller's domain (master: in domain_id)",
      read: 'A headquarters',
      update: 'Update a headquarters; fields not sent keep their values',
    },
    listQuery: headquartersQuery,
    page: headquartersPage,
    listErrors: [401, 403, 422],
    createBody: headquartersCreateBody,
    updateBody: companyPatchBody,
    list: tenancy.listHeadquarters,
    create: tenancy.createHeadquarters,
    read: tenancy.getHeadquarters,
    update: tenancy.updateHeadquarters,
  });

  companyKindRoutes(route, {
    path: '/v1/branches',
    summaries: {
      list: "Branches of the caller's domain, or of one headquarters (master: all, or one domain's)",
      create: 'Create a branch under a headquarters of the same domain',
      read: 'A branch',
      update: 'Update a branch; headquarters_id moves it under another headquarters of its domain',
    },
    listQuery: branchesQuery,
    page: branchPage,
    listErrors: [401, 403, 404, 422],
    createBody: branchCreateBody,
    updateBody: branchUpdateBody,
    list: tenancy.listBranches,
    create: tenancy.createBranch,
    read: tenancy.getBranch,
    update: tenancy.updateBranch,
  });

  // Corporations and locations (issue 22): deleted only when nothing points to them.
  for (const [path, kind] of [
    ['/v1/headquarters', 'headquarters'],
    ['/v1/branches', 'branch'],
  ] as const) {
    route.delete(`${path}/:id`, {
      summary: `Delete a ${kind === 'branch' ? 'branch (location)' : 'headquarters (corporation)'} nothing points to`,
      description:
        '409 company_in_use while a user, location, group or vehicle belongs to it; 409 main_company_undeletable for ' +
        "the domain's own company.",
      params: idParams,
      answer: deletedAnswer,
      errors: [401, 403, 404, 409, 422],
      run: (actor, { params }) => tenancy.deleteCompany(actor, params.id, kind),
    });
  }

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
