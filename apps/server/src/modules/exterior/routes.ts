import {
  exteriorAnswer,
  exteriorFrameParams,
  exteriorGroupParams,
  exteriorInitialAngleBody,
  exteriorInitialRowBody,
  exteriorOrderBody,
  exteriorParams,
  exteriorProcessStartedAnswer,
  extraImagesRemoveQuery,
  REPLACE_IMAGE_MAX_BYTES,
  uploadLimitCheckAnswer,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMultipart } from '../../http/multipart-file.ts';
import { areaRoutes, EDIT, editRefusals, GUARDED_EDIT, multipartForm, READ, UPLOAD, withFile } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { UPLOAD_EXPIRY_MS } from '../uploads/routes.ts';
import { uploadsService } from '../uploads/service.ts';
import { carBackgroundRoutes } from './car-background-routes.ts';
import { type ExteriorService, exteriorService } from './exterior-service.ts';

const LOCKED = editRefusals('a vehicle, row or frame');

const routes: FastifyPluginAsyncZod<{ exterior: ExteriorService }> = async (app, { exterior }) => {
  const route = areaRoutes(app, 'exterior');

  route.get('/exterior/:content_id', {
    summary: 'The exterior: rows and frames in order, obvr facts, settings, unfinished uploads and processes',
    params: exteriorParams,
    answer: exteriorAnswer,
    errors: READ,
    run: (actor, { params }) => exterior.get(actor, params.content_id),
  });

  route.delete('/exterior/:content_id', {
    summary: 'Delete the whole exterior (rows, frames, initial angle and row); EXTERIOR.DELETE',
    description: `The vehicle then has no exterior and no list thumbnail. Refusals: ${LOCKED}`,
    params: exteriorParams,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { params }) => exterior.deleteAll(actor, params.content_id),
  });

  route.post('/exteriorimage/order', {
    summary: "Reorder a row's frames; EXTERIOR.REORDER",
    description: `sheet_ids: every frame of the row exactly once (422 naming sheet_ids otherwise). Refusals: ${LOCKED}`,
    body: exteriorOrderBody,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { body }) => exterior.order(actor, body),
  });

  route.delete('/exterior/:content_id/rows/:group_id', {
    summary: 'Delete a row; the rows after it are renumbered; EXTERIOR.DELETE',
    description: `The last row gone: no exterior, no list thumbnail. Refusals: ${LOCKED}`,
    params: exteriorGroupParams,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { params }) => exterior.deleteRow(actor, params.content_id, params.group_id),
  });

  route.delete('/exterior/:content_id/frames/:frame_id', {
    summary: "Delete a frame; the frames after it move up and the row's frame count follows; EXTERIOR.UPDATE",
    description: `Refusals: ${LOCKED}`,
    params: exteriorFrameParams,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { params }) => exterior.deleteFrame(actor, params.content_id, params.frame_id),
  });

  route.post('/exterior/:content_id/frames/:frame_id/replace-image', {
    consumes: multipartForm,
    summary: 'Replace a frame with an image (multipart: file); the exterior_replace_image process',
    description:
      'JPEG or PNG by content, at most 10 MB, fitting inside 1280x720 (both sides included). The original ' +
      'frame is kept: DELETE restores it. Refusals: 413 file_too_large, 415 unsupported_image_format, 422 ' +
      `image_dimensions_invalid (field file, rule max_dimensions), ${LOCKED}`,
    params: exteriorFrameParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: UPLOAD,
    run: (actor, { params, request }) =>
      withFile(request, REPLACE_IMAGE_MAX_BYTES, (file) =>
        exterior.replaceImage(actor, params.content_id, params.frame_id, file),
      ),
  });

  route.delete('/exterior/:content_id/frames/:frame_id/replace-image', {
    summary: 'Show the extracted frame again instead of its replacement or blur; EXTERIOR.REPLACE_IMAGE',
    description: `A frame without an edit: 409 invalid_state_transition (params.reason not_edited). Refusals: ${LOCKED}`,
    params: exteriorFrameParams,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { params }) => exterior.restoreImage(actor, params.content_id, params.frame_id),
  });

  route.post('/exterior/:content_id/initial-angle', {
    summary: 'The angle the spin opens on (front, 45 and 90 right or left); EXTERIOR.UPDATE',
    description: `Refusals: ${LOCKED}`,
    params: exteriorParams,
    body: exteriorInitialAngleBody,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => exterior.setInitialAngle(actor, params.content_id, body),
  });

  route.post('/exterior/:content_id/rows/initial', {
    summary: 'The row the spin opens on (1 to the number of rows); EXTERIOR.UPDATE_INITIAL_ROW',
    description: `A row past the last: 422 naming row (rule range). Refusals: ${LOCKED}`,
    params: exteriorParams,
    body: exteriorInitialRowBody,
    answer: exteriorAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => exterior.setInitialRow(actor, params.content_id, body.row),
  });

  route.post('/exterior/:content_id/extra-images/remove', {
    summary: 'Remove extra images (the exterior_extra_images_removal process); EXTERIOR.REMOVE_EXTRA_IMAGES',
    description:
      "Extra: frames past the domain's frame count in a row, and temp rows (made, never part of the spin) " +
      `unless a pipeline that may fill one is running. The exterior answer counts them in extra_images. With ` +
      '?blurred=true, ?duplicates=true, ?empty=true also the frames that measure so (a row keeps at least 8). ' +
      `Refusals: ${LOCKED}`,
    params: exteriorParams,
    querystring: extraImagesRemoveQuery,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: EDIT,
    run: (actor, { params, query }) =>
      exterior.removeExtraImages(actor, params.content_id, {
        blurred: query.blurred === 'true',
        duplicates: query.duplicates === 'true',
        empty: query.empty === 'true',
        ...(query.frame_ids ? { confirmed: query.frame_ids } : {}),
      }),
  });

  route.post('/exterior/:content_id/autodetect-angle', {
    summary: 'Find the front (the exterior_autodetect_angle process); EXTERIOR.DETECT_ANGLE',
    description:
      "Every spin row is turned so its frame 0 shows the front, which the initial angle counts from. Needs the domain's " +
      'front detection option (403 forbidden, reason front_detection_off) and a spin (422 naming content_id). A row ' +
      'the method cannot read is left as it was; none: the process fails with front_not_found. ' +
      `Refusals: ${LOCKED}`,
    params: exteriorParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params }) => exterior.detectFront(actor, params.content_id),
  });

  route.get('/exterior/:content_id/upload_limit_check', {
    summary: "Whether another exterior video may be uploaded: the domain's limit and the unfinished uploads",
    params: exteriorParams,
    answer: uploadLimitCheckAnswer,
    errors: READ,
    run: (actor, { params }) => exterior.uploadLimitCheck(actor, params.content_id),
  });
};

/** The exterior's reads and edits on the content API (the pipeline, blur and backups register their own). */
export async function registerExteriorRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    const uploads = uploadsService({ db: ctx.db, expireAfterMs: UPLOAD_EXPIRY_MS });
    const exterior = exteriorService({ db: ctx.db, store: ctx.store, media: ctx.media, jobs: ctx.jobs, uploads });
    await plain.register(routes, { exterior });
    await plain.register(carBackgroundRoutes, { exterior });
  });
}
