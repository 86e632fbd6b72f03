import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenancyService } from './service.ts';

export const tenancyPublicRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService }> = async (app, { tenancy }) => {
  app.get(
    '/v1/companycode/:host',
    {
      schema: {
        tags: ['tenancy'],
        summary: 'Company code of a host name (0006 when the host is not a tenant)',
        params: z.object({ host: z.string().max(300) }),
        response: { 200: z.object({ company_code: z.string() }) },
      },
    },
    async (request) => ({ company_code: await tenancy.companyCodeForHost(request.params.host) }),
  );
};
