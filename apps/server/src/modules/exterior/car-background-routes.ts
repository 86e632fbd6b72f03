import { exteriorGroupParams, exteriorProcessStartedAnswer, REPLACE_IMAGE_MAX_BYTES } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes, editRefusals, GUARDED_EDIT, multipartForm, UPLOAD, withFile } from '../area-routes.ts';
import type { ExteriorService } from './exterior-service.ts';

const LOCKED = editRefusals('a vehicle, row or frame');

/**
 * The car-aware row edits (car-background.ts): the dealer's picture behind the car, and the rotation correction.
 * Registered in routes.ts's scope (its multipart parser and exterior service). The blur around the car is the blur
 * editor's own route (`POST /blurred_contents/{id}` with blur_target `car_background`).
 */
export const carBackgroundRoutes: FastifyPluginAsyncZod<{ exterior: ExteriorService }> = async (app, { exterior }) => {
  const route = areaRoutes(app, 'exterior');

  route.post('/exterior/:content_id/rows/:group_id/replace-background', {
    consumes: multipartForm,
    summary: "The dealer's picture behind the car on every frame of a row (multipart: file); exterior_replace_image",
    description:
      'The car is found on each frame (no model: docs/decisions.md, "Car mask") and the rest of the frame is ' +
      "the picture, scaled to cover it; with the domain's rotation correction on, the car is levelled first. " +
      'Needs the background blur option (403 forbidden, params.reason background_blur_off). The picture follows ' +
      'the replacement image rules (JPEG or PNG, at most 10 MB, inside 1280x720). Originals are kept: DELETE ' +
      `/blurred_contents/{id}?group_id= restores the row. Replaced frames are skipped. Refusals: ${LOCKED}`,
    params: exteriorGroupParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: UPLOAD,
    run: (actor, { params, request }) =>
      withFile(request, REPLACE_IMAGE_MAX_BYTES, (file) =>
        exterior.replaceBackground(actor, params.content_id, params.group_id, file),
      ),
  });

  route.post('/exterior/:content_id/rows/:group_id/rotation-correction', {
    summary: 'Level the car and bring it to the same size and place in every frame of a row; exterior_replace_image',
    description:
      "From the car found on each frame: one turn, scale and shift per frame towards the row's median. Needs " +
      'the exterior rotation correction option (403 forbidden, params.reason rotation_correction_off). Originals ' +
      `are kept: DELETE /blurred_contents/{id}?group_id= restores the row. Refusals: ${LOCKED}`,
    params: exteriorGroupParams,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params }) => exterior.correctRotation(actor, params.content_id, params.group_id),
  });
};
