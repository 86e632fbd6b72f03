import {
  audioTracksAnswer,
  exteriorProcessStartedAnswer,
  mediaOrderBody,
  ORIGINAL_MOVIE_MAX_BYTES,
  originalMovieAnswer,
  originalMoviesAnswer,
  riderViewAnswer,
  riderViewImageAnswer,
  riderViewImageParams,
  SLIDER_IMAGE_MAX_BYTES,
  sliderAnswer,
  sliderAutoGenerateBody,
  sliderItemAnswer,
  sliderItemParams,
  sliderItemUpdateBody,
  sliderMovieParams,
  sliderParams,
  videoLinkBody,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMultipart } from '../../http/multipart-file.ts';
import { areaRoutes, EDIT, GUARDED_EDIT, multipartForm, READ, UPLOAD, withFile } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type AudioTrackService, audioTrackService } from './audio-tracks.ts';
import { type CategoryAutoService, categoryAutoService } from './category-auto-service.ts';
import { type OriginalMovieService, originalMovieService } from './movie-service.ts';
import { orderedFileRoutes } from './ordered-file-routes.ts';
import { type SliderService, sliderService } from './service.ts';

/** Category images and video links. */
const itemRoutes: FastifyPluginAsyncZod<{ slider: SliderService; auto: CategoryAutoService }> = async (
  app,
  { slider, auto },
) => {
  const route = areaRoutes(app, 'slider');

  route.post('/slider/:content_id/auto-generate', {
    summary: 'Pick category images from the spin or the interior (the autogenerate_category_images processes)',
    description:
      'Exterior: the opening row at 45, 90, 135, 180 and 0 degrees from the front, the sharpest of each angle and its ' +
      'neighbours; interior: each scene at its initial view. 16:9 at 1920x1080 (1280x720 from smaller sources), at ' +
      'most five, a picture already in the slider not again. Refusals: 403 forbidden (reason ' +
      'ai_category_images_off), 422 naming source (no exterior or interior), 409 content_locked ' +
      '(CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR or _INTERIOR).',
    params: sliderParams,
    body: sliderAutoGenerateBody,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, body }) => auto.generate(actor, params.content_id, body),
  });

  route.get('/slider/:content_id', {
    summary: 'The slider: category images and video links in order, with the categories and the template',
    params: sliderParams,
    answer: sliderAnswer,
    errors: READ,
    run: (actor, { params }) => slider.slider(actor, params.content_id),
  });

  route.post('/slider/:content_id/images', {
    consumes: multipartForm,
    summary: 'Add a category image (multipart: file, category, caption)',
    description:
      'JPEG or PNG by content, at most 30 MB, 16:9, 4:3 or 2:1 within a pixel, 640 to 8192 pixels wide. ' +
      'The caption loses its line breaks and is cut at width 100 (full-width 1, half-width 0.5); the answer ' +
      'carries the stored caption. Refusals: 413 file_too_large, 415 unsupported_image_format, 422 ' +
      'image_dimensions_invalid (params.rule: aspect or width), 409 content_locked (CATEGORY_IMAGE.UPLOAD), ' +
      '409 max_content_count_exceeded.',
    params: sliderParams,
    answer: sliderItemAnswer,
    created: true,
    errors: UPLOAD,
    run: (actor, { params, request }) =>
      withFile(request, SLIDER_IMAGE_MAX_BYTES, (file) => slider.addImage(actor, params.content_id, file)),
  });

  route.post('/slider/:content_id/video-links', {
    summary: 'Add a video link: the 11-character id of a video-sharing link (422 naming url otherwise)',
    params: sliderParams,
    body: videoLinkBody,
    answer: sliderItemAnswer,
    created: true,
    errors: EDIT,
    run: (actor, { params, body }) => slider.addVideoLink(actor, params.content_id, body),
  });

  route.post('/slider/:content_id/items/:item_id', {
    summary: "Change an item's caption (cut as on upload) or an image's category",
    params: sliderItemParams,
    body: sliderItemUpdateBody,
    answer: sliderItemAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => slider.updateItem(actor, params.content_id, params.item_id, body),
  });

  route.delete('/slider/:content_id/items/:item_id', {
    summary: 'Remove an item (its files go when no other item uses them); answers the slider',
    params: sliderItemParams,
    answer: sliderAnswer,
    errors: EDIT,
    run: (actor, { params }) => slider.deleteItem(actor, params.content_id, params.item_id),
  });

  route.post('/slider/:content_id/order', {
    summary: 'Reorder the slider: every item id once, in the new order',
    params: sliderParams,
    body: mediaOrderBody,
    answer: sliderAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => slider.reorder(actor, params.content_id, body),
  });
};

/** The original content videos. */
function movieRoutes(movies: OriginalMovieService) {
  return orderedFileRoutes({
    path: '/slider/:content_id/movies',
    idParam: 'movie_id',
    itemParams: sliderMovieParams,
    listAnswer: originalMoviesAnswer,
    addedAnswer: originalMovieAnswer,
    maxBytes: ORIGINAL_MOVIE_MAX_BYTES,
    summaries: {
      list: 'The original content videos in order',
      add: 'Add an original content video (multipart: file)',
      remove: 'Remove an original content video; answers the list',
      reorder: 'Reorder the original content videos: every id once',
    },
    addDescription:
      'MP4, M4V or MOV by content (ffprobe), at most 256 MB, 10 minutes, 4096x2160 and 120 frames a second; ' +
      'kept as a faststart MP4 (the picture not re-encoded) with a still. Refusals: 413 file_too_large, 415 ' +
      'video_invalid_file or unsupported_video_format, 422 video_out_of_bounds, 409 content_locked ' +
      '(ORIGINAL_MOVIE.UPLOAD), 409 max_content_count_exceeded.',
    list: movies.movies,
    add: movies.addMovie,
    remove: movies.deleteMovie,
    reorder: movies.reorderMovies,
  });
}

/** The sound tracks of an original video. */
const audioTrackRoutes: FastifyPluginAsyncZod<{ tracks: AudioTrackService }> = async (app, { tracks }) => {
  areaRoutes(app, 'slider').get('/slider/:content_id/movies/:movie_id/audio-tracks', {
    summary: 'The sound tracks of an original video: codec, language, channels, sample rate, duration',
    description:
      'Read by ffprobe from the file as uploaded (source upload; the stored MP4 plays the one marked played), or ' +
      'from the stored MP4 for a video uploaded before the list was kept (source stored). Empty: no sound. 404 ' +
      'for a video or vehicle the caller does not see.',
    params: sliderMovieParams,
    answer: audioTracksAnswer,
    errors: [401, 404, 415, 422],
    run: (actor, { params }) => tracks.tracks(actor, params.content_id, params.movie_id),
  });
};

/** A bike's rider view images. */
function riderViewRoutes(slider: SliderService) {
  return orderedFileRoutes({
    path: '/slider/:content_id/rider-view',
    idParam: 'image_id',
    itemParams: riderViewImageParams,
    listAnswer: riderViewAnswer,
    addedAnswer: riderViewImageAnswer,
    maxBytes: SLIDER_IMAGE_MAX_BYTES,
    summaries: {
      list: "A bike's rider view images in order",
      add: 'Add a rider view image (multipart: file); bikes only',
      remove: 'Remove a rider view image; answers the list',
      reorder: 'Reorder the rider view images: every id once',
    },
    addDescription:
      'JPEG or PNG by content, at most 30 MB, landscape, 640 to 8192 pixels wide. Refusals: 409 ' +
      'rider_view_bike_only for a car, 413, 415 unsupported_image_format, 422 image_dimensions_invalid, 409 ' +
      'content_locked (CATEGORY_IMAGE.UPLOAD).',
    list: slider.riderView,
    add: slider.addRiderView,
    remove: slider.deleteRiderView,
    reorder: slider.reorderRiderView,
  });
}

/** The slider area's content API routes (category images, video links, original videos, rider view). */
export async function registerSliderRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    const deps = { db: ctx.db, store: ctx.store, media: ctx.media };
    const slider = sliderService(deps);
    await plain.register(itemRoutes, { slider, auto: categoryAutoService({ ...deps, jobs: ctx.jobs }) });
    await plain.register(movieRoutes(originalMovieService(deps)));
    await plain.register(audioTrackRoutes, { tracks: audioTrackService(deps) });
    await plain.register(riderViewRoutes(slider));
  });
}
