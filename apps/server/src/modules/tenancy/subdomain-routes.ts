import { subdomainAnswer, subdomainBody } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import { documentRoutes } from '../../http/resource-routes.ts';
import type { SubdomainService } from './subdomain-service.ts';

/** `/subdomain` of the content API (content token). */
export const subdomainRoutes: FastifyPluginAsyncZod<{ subdomain: SubdomainService }> = async (app, { subdomain }) => {
  documentRoutes(actorRoutes(app, ['tenancy']), '/subdomain', {
    body: subdomainBody,
    answer: subdomainAnswer,
    read: {
      summary: 'The subdomain of the caller’s company under its tenant’s host',
      errors: [401, 404],
      run: (actor) => subdomain.read(actor),
    },
    update: {
      summary: 'Set or remove a company’s subdomain (super within the domain, master anywhere)',
      errors: [401, 403, 404, 409, 422],
      run: (actor, { body }) => subdomain.update(actor, body),
    },
  });
};
