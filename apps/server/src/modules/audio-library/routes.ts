import {
  AUDIO_TRACK_MAX_BYTES,
  AUDIO_TRACK_MAX_SECONDS,
  audioLibraryAnswer,
  audioLibraryQuery,
  audioTrackParams,
  audioTrackUploadFields,
  libraryTrackAnswer,
  parseFields,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '../../errors.ts';
import { registerMultipart } from '../../http/multipart-file.ts';
import { areaRoutes, multipartForm, withFile } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type AudioLibraryService, audioLibraryService } from './service.ts';

const TAG = 'audio library';

/** The reading of "a 21 MB music file": 422 naming the file, like every other rule of background music. */
async function within<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'file_too_large') {
      throw new AppError('validation_failed', {
        fields: [
          fieldError('file', 'max_size', `The file must be ${AUDIO_TRACK_MAX_BYTES / 1024 / 1024} MB or smaller.`),
        ],
      });
    }
    throw error;
  }
}

const routes: FastifyPluginAsyncZod<{ library: AudioLibraryService }> = async (app, { library }) => {
  const route = areaRoutes(app, TAG);

  route.get('/audio-library', {
    summary: "Background music: the product's tracks and the caller's domain's uploads, searched and paged",
    description:
      'q: words of the title; genre, mood, source (library or upload); tempo_min and tempo_max in BPM, both ' +
      "included. `library` tells how much of the product's library is made: the first visit starts making it " +
      "(one job a track, never made twice). Each track's `url` is signed and expires.",
    querystring: audioLibraryQuery,
    answer: audioLibraryAnswer,
    errors: [401, 422],
    run: (actor, { query }) => library.list(actor, query),
  });

  route.post('/audio-library', {
    consumes: multipartForm,
    summary: "Upload background music for the caller's domain (multipart: file, title, genre, mood, tempo)",
    description:
      `MP3, M4A or WAV judged by content, at most ${AUDIO_TRACK_MAX_BYTES / 1024 / 1024} MB and ` +
      `${AUDIO_TRACK_MAX_SECONDS} s; stored without metadata (a WAV as AAC in M4A). Refusals: 422 naming file ` +
      '(format, max_size, range for the length) or the text field.',
    answer: libraryTrackAnswer,
    created: true,
    errors: [401, 415, 422],
    run: (actor, { request }) =>
      within(() =>
        withFile(request, AUDIO_TRACK_MAX_BYTES, (file) => {
          const fields = parseFields(audioTrackUploadFields, file.fields);
          if (!fields.ok) throw new AppError('validation_failed', { fields: fields.fields });
          return library.upload(actor, fields.data, file);
        }),
      ),
  });

  route.delete('/audio-library/:id', {
    summary: "Delete one of the domain's own uploads (its uploader, super, admin or master)",
    description:
      "The product's tracks and other domains' uploads: 404 or 403. A track chosen in a vehicle's video " +
      'settings: 409 audio_track_in_use (params.vehicles); choose other music there first.',
    params: audioTrackParams,
    answer: z.object({ deleted: z.literal(true) }),
    errors: [401, 403, 404, 409],
    run: async (actor, { params }) => {
      await library.remove(actor, params.id);
      return { deleted: true as const };
    },
  });
};

export async function registerAudioLibraryRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const library = audioLibraryService({ db: ctx.db, store: ctx.store, media: ctx.media, jobs: ctx.jobs });
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    await plain.register(routes, { library });
  });
}
