import {
  exteriorCoordinatesBody,
  exteriorHotspotAddBody,
  hotspotAnswer,
  hotspotFileParams,
  hotspotListAnswer,
  hotspotListParams,
  hotspotParams,
  hotspotProposalsBody,
  hotspotUpdateBody,
  interiorCoordinatesBody,
  interiorHotspotAddBody,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMultipart } from '../../http/multipart-file.ts';
import { areaRoutes, EDIT, multipartForm, READ, UPLOAD, withFile } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type HotspotFilesService, hotspotFilesService } from './files-service.ts';
import { type HotspotProposals, hotspotProposals } from './proposals.ts';
import { type HotspotKind, type HotspotsService, hotspotsService } from './service.ts';

/**
 * Paths (second document, section 7, shapes "not shown"; docs/decisions.md "Hotspots"): `/exterior/{id}/hotspots`
 * and `/interior/{id}/hotspots` (get, add), `.../hotspots/{hotspot_id}` (update, remove), `.../coordinates`
 * (update coordinates); files at `/hotspot/{id}/{hotspot_id}/{kind}`, one path for both areas.
 */
const routes: FastifyPluginAsyncZod<{
  hotspots: HotspotsService;
  files: HotspotFilesService;
  proposals: HotspotProposals;
}> = async (app, { hotspots, files, proposals }) => {
  const route = areaRoutes(app, 'hotspots');

  for (const kind of ['exterior', 'interior'] as const satisfies readonly HotspotKind[]) {
    const base = `/${kind}/:content_id/hotspots`;
    const addBody = kind === 'exterior' ? exteriorHotspotAddBody : interiorHotspotAddBody;
    const coordinates = kind === 'exterior' ? exteriorCoordinatesBody : interiorCoordinatesBody;
    const where = kind === 'exterior' ? 'a row, with key frames (x, y fractions of the frame)' : 'a scene (yaw, pitch)';

    route.get(base, {
      summary: `The ${kind} hotspots of a vehicle, with the vehicle's manual count and the domain's maximum`,
      params: hotspotListParams,
      answer: hotspotListAnswer,
      errors: READ,
      run: (actor, { params }) => hotspots.list(actor, params.content_id, kind),
    });

    route.post(base, {
      summary: `Add an ${kind} hotspot on ${where}`,
      description:
        'Title and body are plain text, stored and answered exactly as sent. Refusals: 409 ' +
        'max_content_count_exceeded (the domain maximum per vehicle), 409 content_locked, 422 naming the field.',
      params: hotspotListParams,
      body: addBody,
      answer: hotspotAnswer,
      created: true,
      errors: EDIT,
      run: (actor, { params, body }) => hotspots.add(actor, params.content_id, kind, body),
    });

    for (const decision of ['accept', 'reject'] as const) {
      route.post(`${base}/proposals/${decision}`, {
        summary: `${decision === 'accept' ? 'Accept' : 'Reject'} automatic annotation's ${kind} proposals`,
        description:
          'The proposals named in `ids`, or all of them when `ids` is left out. Accepted: an ordinary hotspot, ' +
          'published with the others. Rejected: deleted. Answers the list. Refusals: 409 content_locked.',
        params: hotspotListParams,
        body: hotspotProposalsBody,
        answer: hotspotListAnswer,
        errors: EDIT,
        run: (actor, { params, body }) => proposals[decision](actor, params.content_id, kind, body.ids),
      });
    }

    route.post(`${base}/:hotspot_id`, {
      summary: `Update an ${kind} hotspot's fields (any of them; the others kept)`,
      params: hotspotParams,
      body: hotspotUpdateBody,
      answer: hotspotAnswer,
      errors: EDIT,
      run: (actor, { params, body }) => hotspots.update(actor, params.content_id, params.hotspot_id, kind, body),
    });

    route.post(`${base}/:hotspot_id/coordinates`, {
      summary: `Move an ${kind} hotspot: ${where}`,
      params: hotspotParams,
      body: coordinates,
      answer: hotspotAnswer,
      errors: EDIT,
      run: (actor, { params, body }) => hotspots.move(actor, params.content_id, params.hotspot_id, kind, body),
    });

    route.delete(`${base}/:hotspot_id`, {
      summary: `Remove an ${kind} hotspot and its files; answers the remaining list`,
      params: hotspotParams,
      answer: hotspotListAnswer,
      errors: EDIT,
      run: (actor, { params }) => hotspots.remove(actor, params.content_id, params.hotspot_id, kind),
    });
  }

  route.post('/hotspot/:content_id/:hotspot_id/:kind', {
    consumes: multipartForm,
    summary: "Set a hotspot's file (multipart field `file`): image, audio, video or icon",
    description:
      'Judged by content: image JPEG or PNG up to 5 MB; audio MP3 or M4A up to 5 MB and 120 s; video MP4, MOV, ' +
      'M4V, WMV or AVI up to 50 MB; icon PNG (best 80x80, at most 1024 a side). Refusals: 413 file_too_large, ' +
      '415 unsupported_image_format, unsupported_audio_format, unsupported_video_format, video_invalid_file, ' +
      '422 audio_too_long, image_dimensions_invalid, 409 content_locked.',
    params: hotspotFileParams,
    answer: hotspotAnswer,
    errors: UPLOAD,
    run: (actor, { params: { content_id, hotspot_id, kind }, request }) =>
      withFile(request, files.maxBytes(kind), (file) => files.upload(actor, content_id, hotspot_id, kind, file)),
  });

  route.delete('/hotspot/:content_id/:hotspot_id/:kind', {
    summary: "Remove a hotspot's file",
    params: hotspotFileParams,
    answer: hotspotAnswer,
    errors: EDIT,
    run: (actor, { params }) => files.remove(actor, params.content_id, params.hotspot_id, params.kind),
  });
};

/** The hotspot area's content API routes. */
export async function registerHotspotRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    const deps = { db: ctx.db, store: ctx.store, media: ctx.media };
    const files = hotspotFilesService({ ...deps, jobs: ctx.jobs });
    await plain.register(routes, { hotspots: hotspotsService(deps), files, proposals: hotspotProposals(deps) });
  });
}
