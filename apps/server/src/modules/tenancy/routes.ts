import { companyCodeAnswer, hostParams } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyRoutes } from './company-routes.ts';
import { domainRoutes } from './domain-routes.ts';
import type { TenancyService } from './service.ts';

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

/** The signed-in routes of the area, domains first, then companies (the order /docs lists them in). */
export const tenancyRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, options) => {
  await domainRoutes(app, options);
  await companyRoutes(app, options);
};
