import {
  buildContentsAnswer,
  buildContentsBody,
  buildContentsQuery,
  contentAnswer,
  createShortUrlBody,
  idParams,
  pendingChangesAnswer,
  publishedManifest,
  viewerAccessAnswer,
  viewerAccessBody,
  viewerManifestQuery,
  viewerParams,
} from '@spinyard/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, bearerToken, requireToken } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ModuleContext } from '../context.ts';
import { type BuildService, buildService, originOf } from './build-service.ts';
import { type PendingService, pendingService } from './pending-service.ts';
import { scopedViewerService, type ViewerService } from './viewer-service.ts';

const security = [{ bearer: [] }];
const forms = ['application/x-www-form-urlencoded', 'application/json'];

/** The origin public URLs are made for: the configured public URL, else the one the dealer's console is on. */
const originFor = (ctx: ModuleContext, request: FastifyRequest): string =>
  originOf(ctx.publicUrl, `${request.protocol}://${request.host}`);

const isPublish = (v: unknown): boolean => v === '1' || v === 1 || v === true;

const dealerRoutes: FastifyPluginAsyncZod<{ build: BuildService; ctx: ModuleContext }> = async (
  app,
  { build, ctx },
) => {
  app.post(
    '/api/tourmaker/buildcontents/:id/',
    {
      schema: {
        tags: ['publishing'],
        security,
        summary:
          'Build the immutable published manifest of a vehicle (publish=1 also publishes it). Needs registered images; not while deleted, sleeping or locked by a process',
        params: idParams,
        querystring: buildContentsQuery,
        body: buildContentsBody,
        consumes: forms,
        response: { 200: buildContentsAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      build.build(actorOf(request), request.params.id, isPublish(request.body?.publish), originFor(ctx, request)),
  );
};

const shortUrlRoutes: FastifyPluginAsyncZod<{
  build: BuildService;
  pending: PendingService;
  ctx: ModuleContext;
}> = async (app, { build, pending, ctx }) => {
  app.get(
    '/contents/pending_changes/:id',
    {
      schema: {
        tags: ['publishing'],
        security,
        summary:
          "What the dealer's vehicle shows that buyers do not yet see, by area (exterior frames, blur, interior, hotspots, category images, rider view, video links, details); empty when buyers see it as it is or see no page",
        params: idParams,
        response: { 200: pendingChangesAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => pending.pending(actorOf(request), request.params.id),
  );

  app.post(
    '/contents/create_short_url',
    {
      schema: {
        tags: ['publishing'],
        security,
        summary: "Make the vehicle's short URL (once; the same one after). The domain's short-URL option must be on",
        body: createShortUrlBody,
        response: { 200: contentAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => build.createShortUrl(actorOf(request), request.body.id, originFor(ctx, request)),
  );

  app.post(
    '/contents/public/:id',
    {
      schema: {
        tags: ['contents'],
        security,
        summary:
          'Publish (limited public when its limited publication is on) and build its manifest; needs registered images',
        params: idParams,
        response: { 200: contentAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => build.publish(actorOf(request), request.params.id, originFor(ctx, request)),
  );
};

const viewerRoutes: FastifyPluginAsyncZod<{ viewer: ViewerService }> = async (app, { viewer }) => {
  app.get(
    '/v/:short_id/manifest.json',
    {
      schema: {
        tags: ['viewer'],
        summary:
          "A published vehicle's manifest. Limited publication: a token from /access (Bearer or ?token=). Unpublished and sleeping 404, deleted 410, each with its code; on a tenant's host another tenant's vehicle is 404 not_found",
        params: viewerParams,
        querystring: viewerManifestQuery,
        response: { 200: publishedManifest, ...errorResponses(401, 404, 410, 422) },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? bearerToken(request);
      const { json, sha256 } = await viewer.manifest(request.params.short_id, token, request.host);
      // Revalidated on every load (a republish or an unpublish shows at once); the ETag makes that cheap.
      const etag = `"${sha256}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag).header('x-content-type-options', 'nosniff');
      const raw = reply as FastifyReply;
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      // The stored JSON as it is (validated when built): the bytes the ETag names, not a re-serialization.
      return raw
        .type('application/json; charset=utf-8')
        .serializer((body: unknown) => body as string)
        .send(json);
    },
  );

  app.post(
    '/v/:short_id/access',
    {
      schema: {
        tags: ['viewer'],
        summary:
          "A limited publication's password, checked on the server: a short-lived token for the manifest. Wrong: 401; too many wrong: 429",
        params: viewerParams,
        body: viewerAccessBody,
        consumes: forms,
        response: { 200: viewerAccessAnswer, ...errorResponses(401, 404, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return viewer.access(request.params.short_id, request.body.password, request.ip, request.host);
    },
  );
};

/** The dealer's build (content token, at the spec's own path) and the viewer's public read. */
export async function registerPublicRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const build = buildService({ db: ctx.db, store: ctx.store });
  await scope.register(async (dealer) => {
    requireToken(dealer, ctx.auth, 'content');
    await dealer.register(dealerRoutes, { build, ctx });
  });
  await scope.register(viewerRoutes, { viewer: scopedViewerService(scope, ctx) });
}

export async function registerShortUrlRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const build = buildService({ db: ctx.db, store: ctx.store });
  await scope.register(shortUrlRoutes, {
    build,
    pending: pendingService({ db: ctx.db, store: ctx.store, build }),
    ctx,
  });
}
