import {
  mediaOrderBody,
  ORIGINAL_MOVIE_MAX_BYTES,
  originalMovieAnswer,
  originalMoviesAnswer,
  riderViewAnswer,
  riderViewImageAnswer,
  riderViewImageParams,
  SLIDER_IMAGE_MAX_BYTES,
  sliderAnswer,
  sliderItemAnswer,
  sliderItemParams,
  sliderItemUpdateBody,
  sliderMovieParams,
  sliderParams,
  videoLinkBody,
} from '@spinyard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { type ReceivedFile, receiveFile, registerMultipart } from '../../http/multipart-file.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ModuleContext } from '../context.ts';
import { type OriginalMovieService, originalMovieService } from './movie-service.ts';
import { type SliderService, sliderService } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['slider'];
const multipartForm = ['multipart/form-data'];

/** Receives the one file of the request, runs `use` on it, and always removes the temporary copy. */
async function withFile<T>(request: FastifyRequest, maxBytes: number, use: (file: ReceivedFile) => Promise<T>) {
  const file = await receiveFile(request, { maxBytes });
  try {
    return await use(file);
  } finally {
    await file.discard();
  }
}

const routes: FastifyPluginAsyncZod<{ slider: SliderService; movies: OriginalMovieService }> = async (
  app,
  { slider, movies },
) => {
  // ---- Category images and video links ------------------------------------------------------------------------

  app.get(
    '/slider/:content_id',
    {
      schema: {
        tags,
        security,
        summary: 'The slider: category images and video links in order, with the categories and the template',
        params: sliderParams,
        response: { 200: sliderAnswer, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => slider.slider(actorOf(request), request.params.content_id),
  );

  app.post(
    '/slider/:content_id/images',
    {
      schema: {
        tags,
        security,
        consumes: multipartForm,
        summary: 'Add a category image (multipart: file, category, caption)',
        description:
          'JPEG or PNG by content, at most 30 MB, 16:9, 4:3 or 2:1 within a pixel, 640 to 8192 pixels wide. ' +
          'The caption loses its line breaks and is cut at width 100 (full-width 1, half-width 0.5); the answer ' +
          'carries the stored caption. Refusals: 413 file_too_large, 415 unsupported_image_format, 422 ' +
          'image_dimensions_invalid (params.rule: aspect or width), 409 content_locked (CATEGORY_IMAGE.UPLOAD), ' +
          '409 max_content_count_exceeded.',
        params: sliderParams,
        response: { 201: sliderItemAnswer, ...errorResponses(401, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { content_id } = request.params;
      const item = await withFile(request, SLIDER_IMAGE_MAX_BYTES, (file) =>
        slider.addImage(actorOf(request), content_id, file),
      );
      return reply.code(201).send(item);
    },
  );

  app.post(
    '/slider/:content_id/video-links',
    {
      schema: {
        tags,
        security,
        summary: 'Add a video link: the 11-character id of a video-sharing link (422 naming url otherwise)',
        params: sliderParams,
        body: videoLinkBody,
        response: { 201: sliderItemAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await slider.addVideoLink(actorOf(request), request.params.content_id, request.body)),
  );

  app.post(
    '/slider/:content_id/items/:item_id',
    {
      schema: {
        tags,
        security,
        summary: "Change an item's caption (cut as on upload) or an image's category",
        params: sliderItemParams,
        body: sliderItemUpdateBody,
        response: { 200: sliderItemAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) =>
      slider.updateItem(actorOf(request), request.params.content_id, request.params.item_id, request.body),
  );

  app.delete(
    '/slider/:content_id/items/:item_id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an item (its files go when no other item uses them); answers the slider',
        params: sliderItemParams,
        response: { 200: sliderAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => slider.deleteItem(actorOf(request), request.params.content_id, request.params.item_id),
  );

  app.post(
    '/slider/:content_id/order',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder the slider: every item id once, in the new order',
        params: sliderParams,
        body: mediaOrderBody,
        response: { 200: sliderAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => slider.reorder(actorOf(request), request.params.content_id, request.body),
  );

  // ---- Original content videos --------------------------------------------------------------------------------

  app.get(
    '/slider/:content_id/movies',
    {
      schema: {
        tags,
        security,
        summary: 'The original content videos in order',
        params: sliderParams,
        response: { 200: originalMoviesAnswer, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => movies.movies(actorOf(request), request.params.content_id),
  );

  app.post(
    '/slider/:content_id/movies',
    {
      schema: {
        tags,
        security,
        consumes: multipartForm,
        summary: 'Add an original content video (multipart: file)',
        description:
          'MP4, M4V or MOV by content (ffprobe), at most 256 MB, 10 minutes, 4096x2160 and 120 frames a second; ' +
          'kept as a faststart MP4 (the picture not re-encoded) with a still. Refusals: 413 file_too_large, 415 ' +
          'video_invalid_file or unsupported_video_format, 422 video_out_of_bounds, 409 content_locked ' +
          '(ORIGINAL_MOVIE.UPLOAD), 409 max_content_count_exceeded.',
        params: sliderParams,
        response: { 201: originalMovieAnswer, ...errorResponses(401, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { content_id } = request.params;
      const movie = await withFile(request, ORIGINAL_MOVIE_MAX_BYTES, (file) =>
        movies.addMovie(actorOf(request), content_id, file),
      );
      return reply.code(201).send(movie);
    },
  );

  app.delete(
    '/slider/:content_id/movies/:movie_id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an original content video; answers the list',
        params: sliderMovieParams,
        response: { 200: originalMoviesAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => movies.deleteMovie(actorOf(request), request.params.content_id, request.params.movie_id),
  );

  app.post(
    '/slider/:content_id/movies/order',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder the original content videos: every id once',
        params: sliderParams,
        body: mediaOrderBody,
        response: { 200: originalMoviesAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => movies.reorderMovies(actorOf(request), request.params.content_id, request.body),
  );

  // ---- Rider view (bikes) -------------------------------------------------------------------------------------

  app.get(
    '/slider/:content_id/rider-view',
    {
      schema: {
        tags,
        security,
        summary: "A bike's rider view images in order",
        params: sliderParams,
        response: { 200: riderViewAnswer, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => slider.riderView(actorOf(request), request.params.content_id),
  );

  app.post(
    '/slider/:content_id/rider-view',
    {
      schema: {
        tags,
        security,
        consumes: multipartForm,
        summary: 'Add a rider view image (multipart: file); bikes only',
        description:
          'JPEG or PNG by content, at most 30 MB, landscape, 640 to 8192 pixels wide. Refusals: 409 ' +
          'rider_view_bike_only for a car, 413, 415 unsupported_image_format, 422 image_dimensions_invalid, 409 ' +
          'content_locked (CATEGORY_IMAGE.UPLOAD).',
        params: sliderParams,
        response: { 201: riderViewImageAnswer, ...errorResponses(401, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { content_id } = request.params;
      const image = await withFile(request, SLIDER_IMAGE_MAX_BYTES, (file) =>
        slider.addRiderView(actorOf(request), content_id, file),
      );
      return reply.code(201).send(image);
    },
  );

  app.delete(
    '/slider/:content_id/rider-view/:image_id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a rider view image; answers the list',
        params: riderViewImageParams,
        response: { 200: riderViewAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => slider.deleteRiderView(actorOf(request), request.params.content_id, request.params.image_id),
  );

  app.post(
    '/slider/:content_id/rider-view/order',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder the rider view images: every id once',
        params: sliderParams,
        body: mediaOrderBody,
        response: { 200: riderViewAnswer, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => slider.reorderRiderView(actorOf(request), request.params.content_id, request.body),
  );
};

/** The slider area's content API routes (category images, video links, original videos, rider view). */
export async function registerSliderRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    const deps = { db: ctx.db, store: ctx.store, media: ctx.media };
    await plain.register(routes, { slider: sliderService(deps), movies: originalMovieService(deps) });
  });
}
