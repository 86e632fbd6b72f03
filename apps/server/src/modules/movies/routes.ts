import {
  CONTENT_MOVIE_PROCESS,
  contentMovieKindParams,
  contentMovieParams,
  contentMovieSettingsSchema,
  contentMoviesAnswer,
  OPENING_IMAGE_MAX_BYTES,
} from '@spinyard/domain';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { actorOf } from '../../http/authenticate.ts';
import { registerMultipart } from '../../http/multipart-file.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, areaRoutes, EDIT, editRefusals, multipartForm, READ, UPLOAD, withFile } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { CONTENTS_MOVIE_PATH, contentsMovieTarget } from './contents-movie-url.ts';
import { type MoviesService, moviesService } from './service.ts';

const signedIn = areaRoute('movies');
const LOCKED = editRefusals('a vehicle');
const BASE = '/contents_movie/:content_id';
const processes = Object.values(CONTENT_MOVIE_PROCESS).join(', ');

const movieRoutes: FastifyPluginAsyncZod<{ movies: MoviesService }> = async (app, { movies }) => {
  const route = areaRoutes(app, 'movies');

  route.get(BASE, {
    summary: 'The content-video wizard: its settings, the opening image, the three movies (promo, spin, interior)',
    description:
      'Each movie: none, rendering (with its progress), ready (1080p and 720p MP4, poster) or failed (its error), ' +
      'and stale when the settings or the media changed since it was made.',
    params: contentMovieParams,
    answer: contentMoviesAnswer,
    errors: READ,
    run: (actor, { params }) => movies.get(actor, params.content_id),
  });

  route.post(`${BASE}/settings`, {
    summary: "Save the wizard's settings (saved as the dealer goes; a render uses them as they stand)",
    description:
      'Texts at most 33 counted characters (full-width 1, half-width 0.5), title 5 lines, subtitle 4, 5 category ' +
      'images, 20 zoom points a scene: 422 naming the field and the rule (max_width, max_lines, max_items, ' +
      'no_duplicates). Ids not of this vehicle (category images, scenes) or a track the domain may not use: 422 ' +
      `one_of. CONTENT.UPDATE. Refusals: ${LOCKED}`,
    params: contentMovieParams,
    body: contentMovieSettingsSchema,
    answer: contentMoviesAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => movies.saveSettings(actor, params.content_id, body),
  });

  route.post(`${BASE}/opening-image`, {
    consumes: multipartForm,
    summary: 'The opening image (multipart: file): JPEG or PNG by content, at most 20 MB',
    description:
      'Its declared pixels checked before decoding; kept as a JPEG within 1920x1080 without metadata. 413 ' +
      `file_too_large, 415 unsupported_image_format, 422 image_dimensions_invalid. Refusals: ${LOCKED}`,
    params: contentMovieParams,
    answer: contentMoviesAnswer,
    errors: UPLOAD,
    run: (actor, { params, request }) =>
      withFile(request, OPENING_IMAGE_MAX_BYTES, (file) => movies.uploadOpening(actor, params.content_id, file)),
  });

  route.delete(`${BASE}/opening-image`, {
    summary: 'Remove the opening image (the opening shows the first category image, else a plain card)',
    description: `Refusals: ${LOCKED}`,
    params: contentMovieParams,
    answer: contentMoviesAnswer,
    errors: EDIT,
    run: (actor, { params }) => movies.deleteOpening(actor, params.content_id),
  });

  route.post(`${BASE}/:kind`, {
    summary: `Make a movie (kind slider, obvr or tour: the processes ${processes})`,
    description:
      'Starts the render as a background process: its progress on the process socket and in this answer. The ' +
      'same inputs keep the movie already made. 409 movie_nothing_to_show when the vehicle has nothing for it; ' +
      `409 content_locked while a process locks it (its own render included). Refusals: ${LOCKED}`,
    params: contentMovieKindParams,
    answer: contentMoviesAnswer,
    accepted: true,
    errors: EDIT,
    run: (actor, { params }) => movies.start(actor, params.content_id, params.kind),
  });

  app.delete(
    `${BASE}/:kind`,
    signedIn({
      summary: 'Delete a movie and its files; refused while it renders (409 content_locked)',
      description: `Refusals: ${LOCKED}`,
      params: contentMovieKindParams,
      response: { 204: z.null(), ...errorResponses(...EDIT) },
    }),
    async (request, reply) => {
      await movies.remove(actorOf(request), request.params.content_id, request.params.kind);
      return reply.code(204).send(null);
    },
  );
};

/**
 * The vehicle's contents movie URL (public: its name is the proof): a redirect to the promo's current file, signed
 * now, or a plain 404 once the vehicle has no promo. Left out of /docs like the viewer's pages.
 */
export const contentsMovieLinkRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Params: { token: string } }>(
    `${CONTENTS_MOVIE_PATH}/:token`,
    { schema: { hide: true } },
    async (request, reply) => {
      const target = await contentsMovieTarget(db, request.params.token);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (target === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.redirect(target, 302);
    },
  );
};

/** The content-video routes of the content API (`/contents_movie/{content_id}`). */
export async function registerMovieRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const movies = moviesService({ db: ctx.db, store: ctx.store, media: ctx.media, jobs: ctx.jobs });
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    await plain.register(movieRoutes, { movies });
  });
}
