import {
  enhanceAnswer,
  enhancePreviewQuery,
  enhanceSettingsOfQuery,
  enhanceSettingsSchema,
  exteriorProcessStartedAnswer,
  INTERIOR_MAX_BYTES,
  interiorAnswer,
  interiorOrderBody,
  interiorParams,
  interiorProcessAnswer,
  interiorSceneAnswer,
  interiorSceneParams,
  interiorSceneUpdateBody,
  interiorUploadFields,
  parseFields,
  whiteBalanceOfQuery,
  whiteBalanceSchema,
} from '@spinyard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { actorOf } from '../../http/authenticate.ts';
import { type ReceivedFile, registerMultipart } from '../../http/multipart-file.ts';
import { errorResponses } from '../../http/schemas.ts';
import {
  areaRoute,
  areaRoutes,
  EDIT,
  editRefusals,
  GUARDED_EDIT,
  multipartForm,
  READ,
  withFile,
} from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { INTERIOR_PROCESS_JOBS } from './jobs.ts';
import { type InteriorService, interiorService } from './service.ts';

const signedIn = areaRoute('interior');

const LOCKED = editRefusals('a vehicle or scene');

const SCENE = '/interior/:content_id/scenes/:scene_id';

/** A panorama upload's file and title (multipart), for the upload and the background upload alike. */
function withPanorama<T>(request: FastifyRequest, run: (file: ReceivedFile, title: string) => Promise<T>): Promise<T> {
  return withFile(request, INTERIOR_MAX_BYTES, (file) => {
    const fields = parseFields(interiorUploadFields, file.fields);
    if (!fields.ok) throw new AppError('validation_failed', { fields: fields.fields });
    return run(file, fields.data.title ?? '');
  });
}

const sceneRoutes: FastifyPluginAsyncZod<{ interior: InteriorService }> = async (app, { interior }) => {
  const route = areaRoutes(app, 'interior');

  route.get('/interior/:content_id', {
    summary: 'The interior: scenes in order with their pictures and tiles, settings, views, zoom points, processes',
    params: interiorParams,
    answer: interiorAnswer,
    errors: READ,
    run: (actor, { params }) => interior.list(actor, params.content_id),
  });

  route.post('/interior/:content_id', {
    consumes: multipartForm,
    summary: 'Add a panorama as the last scene (multipart: file, title); INTERIOR.UPLOAD',
    description:
      'JPEG or PNG by content (.jpg, .jpeg, .png), 2:1 within one pixel, 512x256 to 16384x8192 read from the ' +
      'header before decoding, at most 50 MB, at most 20 scenes a vehicle. Kept at most 8192x4096 with its ' +
      'sizes (thumbnail, preview, mobile) and Photo Sphere Viewer tiles. Refusals: 403 upload_over_limit ' +
      '(params.limit), 413 file_too_large, 415 unsupported_image_format, 422 image_dimensions_invalid ' +
      `(params.rule aspect_2_1, min_dimensions or max_dimensions), ${LOCKED}`,
    params: interiorParams,
    answer: interiorSceneAnswer,
    created: true,
    errors: [401, 403, 404, 409, 413, 415, 422],
    run: (actor, { params, request }) =>
      withPanorama(request, (file, title) => interior.upload(actor, params.content_id, file, title)),
  });

  route.post('/interior/:content_id/async', {
    consumes: multipartForm,
    summary: 'Add a panorama in the background (multipart: file, title): the interior_async_upload process',
    description:
      'The same file rules as POST /interior/{id}, checked from the header now; the sizes and tiles are made by ' +
      "the process, so the dealer may leave the page. Needs the domain's async mobile upload option (403 " +
      `forbidden, reason async_upload_off). Refusals as the upload's, ${LOCKED}`,
    params: interiorParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: [401, 403, 404, 409, 413, 415, 422],
    run: (actor, { params, request }) =>
      withPanorama(request, (file, title) => interior.uploadAsync(actor, params.content_id, file, title)),
  });

  route.post('/multipanorama/order', {
    summary: "The scenes' new order (every scene of the vehicle, each once); INTERIOR.REORDER",
    description: `A list that is not every scene once: 422 (field scene_ids). Refusals: ${LOCKED}`,
    body: interiorOrderBody,
    answer: interiorAnswer,
    errors: EDIT,
    run: (actor, { body }) => interior.order(actor, body),
  });

  app.delete(
    SCENE,
    signedIn({
      summary: 'Delete a scene; the scenes after it move up, the last one clears has_interior; INTERIOR.DELETE',
      description: `Its pictures are deleted when no other scene uses them. Refusals: ${LOCKED}`,
      params: interiorSceneParams,
      response: { 204: z.null(), ...errorResponses(...EDIT) },
    }),
    async (request, reply) => {
      await interior.remove(actorOf(request), request.params.content_id, request.params.scene_id);
      return reply.code(204).send(null);
    },
  );

  route.post(SCENE, {
    summary: 'Change a scene: title (33), initial view (yaw, pitch, zoom), zoom points (20); INTERIOR.UPDATE',
    description: `Refusals: ${LOCKED}`,
    params: interiorSceneParams,
    body: interiorSceneUpdateBody,
    answer: interiorSceneAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => interior.update(actor, params.content_id, params.scene_id, body),
  });
};

/** The image-quality tool and the white balance of a scene: each a process rendering from the kept original. */
const imageQualityRoutes: FastifyPluginAsyncZod<{ interior: InteriorService }> = async (app, { interior }) => {
  const route = areaRoutes(app, 'interior');

  route.get(`${SCENE}/enhance`, {
    summary: 'The image-quality tool of a scene: its settings (or the defaults), before and after pictures',
    params: interiorSceneParams,
    answer: enhanceAnswer,
    errors: READ,
    run: (actor, { params }) => interior.enhanceSettings(actor, params.content_id, params.scene_id),
  });

  app.get(
    `${SCENE}/enhance/preview`,
    signedIn({
      summary: 'The corrections on a 1024-wide copy of the original, as a JPEG (not stored): the live "after"',
      description:
        'Query: the settings of POST enhance (flags true/false, levels 0..100, jpeg_quality); absent ones are ' +
        'off. wb_mode (manual or auto), wb_temperature and wb_tint (-100..100) preview a white balance not ' +
        "applied yet; without wb_mode the scene's own is used. 403 forbidden (params.reason " +
        "interior_enhancement_off) when a correction is asked and the domain's option is off.",
      params: interiorSceneParams,
      querystring: enhancePreviewQuery,
    }),
    async (request, reply) => {
      const { content_id, scene_id } = request.params;
      const jpeg = await interior.enhancePreview(
        actorOf(request),
        content_id,
        scene_id,
        enhanceSettingsOfQuery(request.query),
        whiteBalanceOfQuery(request.query),
      );
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  );

  route.post('/interior/:content_id/autodetect', {
    summary: 'Propose hotspots for cabin parts (interior_autodetect_annotation): no detector; INTERIOR.ANNOTATE',
    description:
      "Needs the domain's auto_annotation option (403 forbidden). No npm package ships a model for a cabin's parts, " +
      'so the answer is 409 ai_detector_unavailable (params.reason interior_parts) and nothing is started or ' +
      'proposed; 409 content_locked first.',
    params: interiorParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params }) => interior.detectAnnotations(actor, params.content_id),
  });

  route.post('/interior/:content_id/auto-color', {
    summary:
      'Correct colour and brightness of every scene by measure (the color process); INTERIOR.ENHANCE_IMAGE_QUALITY',
    description:
      'Each scene that measures dark, flat, dull or colour-cast gets the image-quality settings and white balance ' +
      'that answer it, stored as the tool stores them (the tool opens on them; undo goes back to the original). ' +
      "Needs the domain's brightness option (403 forbidden, reason brightness_off) and a scene (422 naming " +
      'content_id); another image edit running: 409 content_locked.',
    params: interiorParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params }) => interior.autoColor(actor, params.content_id),
  });

  route.post(`${SCENE}/enhance`, {
    summary: 'Apply the image-quality tool to a scene (the interior_enhance process); INTERIOR.ENHANCE_IMAGE_QUALITY',
    description:
      'Rendered from the original (which is kept) with the white balance in force, every size and the tiles. ' +
      "403 forbidden (params.reason interior_enhancement_off) when the domain's option is off; 409 " +
      `content_locked while another image edit of the vehicle runs. Refusals: ${LOCKED}`,
    params: interiorSceneParams,
    body: enhanceSettingsSchema,
    answer: interiorProcessAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, body }) => interior.enhance(actor, params.content_id, params.scene_id, body),
  });

  route.delete(`${SCENE}/enhance`, {
    summary: 'Back to the original picture: the enhancement and the white balance dropped',
    description: `Refusals: ${LOCKED}`,
    params: interiorSceneParams,
    answer: interiorSceneAnswer,
    errors: EDIT,
    run: (actor, { params }) => interior.undo(actor, params.content_id, params.scene_id),
  });

  route.post(`${SCENE}/adjust`, {
    summary: 'White balance of a scene (the whiteblance process): temperature and tint, or auto (grey world)',
    description:
      'Rendered from the original with the enhancement in force. 409 content_locked while another image edit ' +
      `of the vehicle runs. Refusals: ${LOCKED}`,
    params: interiorSceneParams,
    body: whiteBalanceSchema,
    answer: interiorProcessAnswer,
    accepted: true,
    errors: EDIT,
    run: (actor, { params, body }) => interior.adjust(actor, params.content_id, params.scene_id, body),
  });
};

/** The interior area's content API routes (second document, section 7: /interior, /multipanorama/order). */
export async function registerInteriorRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const interior = interiorService({
    db: ctx.db,
    store: ctx.store,
    media: ctx.media,
    jobs: ctx.jobs,
    processJobs: INTERIOR_PROCESS_JOBS,
  });
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    await plain.register(sceneRoutes, { interior });
    await plain.register(imageQualityRoutes, { interior });
  });
}
