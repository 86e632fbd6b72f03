import { designAnswer, designIconParams, designUpdateBody } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes, multipartForm, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { registerMultipart, withFile } from '../../http/multipart-file.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ModuleContext } from '../context.ts';
import { type DesignService, designService } from './service.ts';

const tags = ['custom design'];

/**
 * Paths (the spec names the screen, /custom-design/edit, not its calls; docs/decisions.md "Custom design"):
 * `/custom_design` (get, update the colours) and `/custom_design/icon/{icon_type}` (set, remove a custom icon).
 */
const routes: FastifyPluginAsyncZod<{ design: DesignService }> = async (app, { design }) => {
  const route = actorRoutes(app, tags);

  route.get('/custom_design', {
    summary: "The caller's domain's viewer design: colours and custom hotspot icons (defaults when never saved)",
    description: '403 forbidden when the domain uses hotspots neither in the browser nor in the app.',
    answer: designAnswer,
    errors: [401, 403],
    run: (actor) => design.get(actor),
  });

  route.post('/custom_design', {
    summary: "Save the viewer's colours of the caller's domain (super, admin or master)",
    body: designUpdateBody,
    answer: designAnswer,
    errors: [401, 403, 422],
    run: (actor, { body }) => design.update(actor, body.colours),
  });

  app.post(
    '/custom_design/icon/:icon_type',
    signedInRoute(tags)({
      consumes: multipartForm,
      summary: 'Set the custom icon of an icon type (multipart field `file`): PNG, best 80x80 and transparent',
      description:
        'Judged by content: PNG, at most 1 MB and 1024 pixels a side, stored re-encoded within 160x160. Refusals: ' +
        '413 file_too_large, 415 unsupported_image_format, 422 image_dimensions_invalid.',
      params: designIconParams,
      response: { 200: designAnswer, ...errorResponses(401, 403, 413, 415, 422) },
    }),
    async (request) =>
      withFile(request, design.maxIconBytes, (file) =>
        design.setIcon(actorOf(request), request.params.icon_type, file),
      ),
  );

  route.delete('/custom_design/icon/:icon_type', {
    summary: 'Remove the custom icon of an icon type (the standard icon shows again)',
    params: designIconParams,
    answer: designAnswer,
    errors: [401, 403],
    run: (actor, { params }) => design.removeIcon(actor, params.icon_type),
  });
};

export async function registerDesignRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    await plain.register(routes, { design: designService({ db: ctx.db, store: ctx.store, media: ctx.media }) });
  });
}
