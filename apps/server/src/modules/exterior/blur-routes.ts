import {
  blurApplyAnswer,
  blurApplyBody,
  blurContentParams,
  blurPreviewQuery,
  blurredContentAnswer,
  blurUndoAnswer,
  blurUndoQuery,
  exteriorParams,
  exteriorProcessStartedAnswer,
} from '@spinyard/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, areaRoutes, EDIT, GUARDED_EDIT, READ } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { blurJob } from './blur-jobs.ts';
import { type BlurService, blurService, type PreviewImage } from './blur-service.ts';
import { plateBlurStarts } from './plate-blur-start.ts';

type PlateBlurStarts = ReturnType<typeof plateBlurStarts>;

const signedIn = areaRoute('exterior');

/** A JPEG sent as it is (the type provider's reply type knows only the JSON answers, hence the plain reply). */
function sendJpeg(reply: FastifyReply, image: PreviewImage) {
  return reply
    .type('image/jpeg')
    .header('cache-control', 'no-store')
    .header('x-blur-skipped', image.skipped ? 'replaced' : 'no')
    .send(image.jpeg);
}

const routes: FastifyPluginAsyncZod<{ blur: BlurService & PlateBlurStarts }> = async (app, { blur }) => {
  const route = areaRoutes(app, 'exterior');

  route.get('/blurred_contents/:id', {
    summary: "The blur editor's rows: each row's frames (originals, and what each shows now) and saved settings",
    description: 'The settings stay after an undo, to edit again. `process` is the latest blur process.',
    params: blurContentParams,
    answer: blurredContentAnswer,
    errors: READ,
    run: (actor, { params }) => blur.get(actor, params.id),
  });

  route.post('/blurred_contents/:id', {
    summary: "Blur a row of the vehicle's spin: saves the settings and starts the `blur` process",
    description:
      'Every frame of the row is rendered from its original with the regions on it (interpolated between key ' +
      'frames), blurred (blur_str) or filled (bg_color), inside the regions or outside them (blur_target ' +
      "'background', which needs the domain's background blur option: 403 forbidden). Frames no region " +
      'reaches keep no edit; replaced frames are skipped. Refused: the vehicle not seen (404), a process ' +
      'locking EXTERIOR.APPLY_BLUR (409 content_locked), a bad body or a row of another vehicle (422).',
    params: blurContentParams,
    body: blurApplyBody,
    answer: blurApplyAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, body }) => blur.apply(actor, params.id, body),
  });

  route.delete('/blurred_contents/:id', {
    summary: "Undo a row's blur: its blurred frames show their originals again (the settings are kept)",
    params: blurContentParams,
    querystring: blurUndoQuery,
    answer: blurUndoAnswer,
    errors: EDIT,
    run: (actor, { params, query }) => blur.undo(actor, params.id, query.group_id),
  });

  route.post('/exterior/:content_id/autodetect-plates', {
    summary: 'Blur the licence plates by themselves (a blur process); EXTERIOR.APPLY_BLUR',
    description:
      "On every row without blur settings: plates found on each frame, tracked into the editor's key-frame " +
      "regions and applied; the dealer edits them in the editor. Needs the domain's blur option (403 forbidden, " +
      'reason background_blur_off) and a row without blur (422 naming content_id); a process locking ' +
      'EXTERIOR.APPLY_BLUR: 409 content_locked.',
    params: exteriorParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params }) => blur.detectPlates(actor, params.content_id),
  });

  app.get(
    '/blurred_preview/:id',
    signedIn({
      summary: 'A JPEG of one frame at display size with the blur settings applied (computed now, not stored)',
      description:
        '`regions` is the JSON list of regions (up to 6000 characters: the console sends them as they stand on ' +
        'that frame). A replaced frame, which blur skips, answers its replacement as it is (x-blur-skipped: ' +
        'replaced).',
      params: blurContentParams,
      querystring: blurPreviewQuery,
      response: errorResponses(401, 403, 404, 422),
    }),
    async (request, reply) => sendJpeg(reply, await blur.preview(actorOf(request), request.params.id, request.query)),
  );
};

/**
 * The blur editor (second document, section 7: `POST blurred_contents/{id}`, `GET blurred_preview/{id}` with
 * blur_str or bg_color, blur_target and group_id), with the reading of the editor's settings and the undo.
 */
export async function registerBlurRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const deps = { db: ctx.db, store: ctx.store, media: ctx.media, jobs: ctx.jobs, blurJob };
  const blur = { ...blurService(deps), ...plateBlurStarts(deps) };
  await scope.register(routes, { blur });
}
