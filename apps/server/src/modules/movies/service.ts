import { readFile } from 'node:fs/promises';
import {
  CONTENT_MOVIE_PROCESS,
  type ContentMovieKind,
  type ContentMovieSettings,
  type ContentMoviesAnswer,
  contentMovieSettingsSchema,
  IMAGE_MAX_PIXELS,
  imagePixelsRefusal,
  OPENING_IMAGE_MIME_TYPES,
  type Operation,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressed } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { decodedOrRefused, fileRefusal } from '../vehicle-media/image-refusals.ts';
import { mediaRowsOf } from '../vehicle-media/rows.ts';
import { moviesAnswer } from './answer.ts';
import { MOVIE_FORMAT, type MovieFormat } from './format.ts';
import { MOVIE_JOBS } from './jobs.ts';
import { moviesRepo } from './repo.ts';
import { currentPlans, movieKeys, runMovieRender } from './work.ts';

export interface MoviesDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  jobs: JobRunner | undefined;
  format?: MovieFormat | undefined;
}

/**
 * The operation each movie's start and delete pass the lock rules with: the obvr and tour movies have their own
 * (OBVR_MOVIE, TOUR_MOVIE: locked by their own render and by the edits of their pictures); the promo has none in the
 * spec's list, so it passes as a change of the vehicle (CONTENT.UPDATE), which its own render locks
 * (docs/decisions.md, "Content videos: rendering").
 */
const START: Record<ContentMovieKind, Operation> = {
  slider: 'CONTENT.UPDATE',
  obvr: 'OBVR_MOVIE.UPLOAD',
  tour: 'TOUR_MOVIE.UPLOAD',
};
const REMOVE: Record<ContentMovieKind, Operation> = {
  slider: 'CONTENT.UPDATE',
  obvr: 'OBVR_MOVIE.DELETE',
  tour: 'TOUR_MOVIE.DELETE',
};

/** The opening image as kept: a JPEG of at most 1920x1080, re-encoded (no metadata survives). */
const OPENING_BOX = { width: 1920, height: 1080 };

const refused = (field: string, message: string) =>
  new AppError('validation_failed', { fields: [fieldError(field, 'one_of', message)] });

/** Content videos: the wizard's settings and opening image, the three renders, their deletion. */
export function moviesService(deps: MoviesDeps) {
  const { db, store, media } = deps;
  const format = deps.format ?? MOVIE_FORMAT;

  async function answer(actor: Actor, contentId: string): Promise<ContentMoviesAnswer> {
    const content = await visibleForMedia(db, actor, contentId);
    const repo = moviesRepo(db);
    const saved = await repo.settings(content.id);
    const parsed = contentMovieSettingsSchema.safeParse(saved?.settings ?? {});
    const plans = await currentPlans(db, content.id, format);
    const { processes } = await processQueryService(db).isProcessing(actor, content.id);
    const hashes = { slider: plans.slider.hash, obvr: plans.obvr.hash, tour: plans.tour.hash };
    const settings = parsed.success ? parsed.data : contentMovieSettingsSchema.parse({});
    const track =
      settings.music_track_id === null ? undefined : await repo.usableTrack(content.domain_id, settings.music_track_id);
    const music = track ? { id: track.id, title: track.title } : null;
    return moviesAnswer(settings, saved, plans.movies, processes, hashes, music);
  }

  /** Every id of the settings belongs to the vehicle (its category images, its scenes) or its domain (the music). */
  async function checkIds(trx: Db, contentId: string, domainId: string, settings: ContentMovieSettings) {
    const rows = await mediaRowsOf(trx, contentId);
    const images = new Set(rows.items.filter((i) => i.kind === 'image').map((i) => i.id));
    settings.category_images.forEach((c, i) => {
      if (!images.has(c.item_id))
        throw refused(`category_images.${i}.item_id`, 'Choose a category image of this vehicle.');
    });
    const scenes = new Set(rows.scenes.map((s) => s.id));
    settings.scenes.forEach((s, i) => {
      if (!scenes.has(s.scene_id)) throw refused(`scenes.${i}.scene_id`, 'Choose a panorama of this vehicle.');
    });
    const track = settings.music_track_id;
    if (track !== null && !(await moviesRepo(trx).usableTrack(domainId, track))) {
      throw refused('music_track_id', 'Choose a track of the audio library.');
    }
  }

  return {
    get: answer,

    async saveSettings(actor: Actor, contentId: string, settings: ContentMovieSettings): Promise<ContentMoviesAnswer> {
      const id = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'CONTENT.UPDATE');
        await checkIds(trx, content.id, content.domain_id, settings);
        await moviesRepo(trx).saveSettings(content.id, settings);
        return content.id;
      });
      return answer(actor, id);
    },

    /**
     * The opening image: JPEG or PNG by content, its declared pixels bounded before anything is decoded, kept as a
     * JPEG re-encoded within 1920x1080 (only pixels survive: no camera, place or comment).
     */
    async uploadOpening(actor: Actor, contentId: string, file: ReceivedFile): Promise<ContentMoviesAnswer> {
      const gate = (trx: Db) => lockForMedia(trx, actor, contentId, 'CONTENT.UPDATE');
      const content = await db.transaction().execute(gate);
      const data = await readFile(file.path);
      const measured = await media.measureImage(data);
      if (!(OPENING_IMAGE_MIME_TYPES as readonly string[]).includes(measured.mime)) {
        throw fileRefusal({
          code: 'unsupported_image_format',
          params: { rule: 'format', allowed: 'jpeg,png' },
          message: 'Use a JPEG or PNG image.',
        });
      }
      const size = { width: measured.width ?? 0, height: measured.height ?? 0 };
      const pixels = imagePixelsRefusal(size, IMAGE_MAX_PIXELS);
      if (pixels) throw fileRefusal(pixels);
      const jpeg = await decodedOrRefused(media.reencodeImage(data, { format: 'jpeg', fitWithin: OPENING_BOX }));
      const stored = await media.measureImage(jpeg);
      await db.transaction().execute(async (trx) => {
        await gate(trx);
        const before = await moviesRepo(trx).settings(content.id);
        const put = await putContentAddressed(store, `contents/${content.id}/movies`, jpeg, 'jpg', {
          contentType: 'image/jpeg',
        });
        await moviesRepo(trx).setOpeningImage(content.id, {
          key: put.key,
          width: stored.width ?? OPENING_BOX.width,
          height: stored.height ?? OPENING_BOX.height,
        });
        const old = before?.opening_image_key;
        if (old && old !== put.key) await store.delete(old);
      });
      return answer(actor, content.id);
    },

    async deleteOpening(actor: Actor, contentId: string): Promise<ContentMoviesAnswer> {
      const id = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'CONTENT.UPDATE');
        const before = await moviesRepo(trx).settings(content.id);
        await moviesRepo(trx).setOpeningImage(content.id, null);
        if (before?.opening_image_key) await store.delete(before.opening_image_key);
        return content.id;
      });
      return answer(actor, id);
    },

    /**
     * Starts a render as a process of the runner (its lock rules, live progress on the process socket). Refused with
     * content_locked while a process that locks its operation runs (its own render included), and with
     * movie_nothing_to_show when the vehicle has nothing for it. Without a job runner it runs here, once committed.
     */
    async start(actor: Actor, contentId: string, kind: ContentMovieKind): Promise<ContentMoviesAnswer> {
      const row = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, START[kind]);
        const plan = (await currentPlans(trx, content.id, format))[kind];
        if (plan.scenes.length === 0) throw new AppError('movie_nothing_to_show', { params: { kind } });
        await moviesRepo(trx).markRendering(content.id, kind, plan.hash);
        return startProcessJob(trx, deps.jobs, MOVIE_JOBS[kind], {
          contentId: content.id,
          process: CONTENT_MOVIE_PROCESS[kind],
          actorUserId: actor.userId,
          payload: { kind },
        });
      });
      if (!deps.jobs) {
        await runProcessJob(
          db,
          CONTENT_MOVIE_PROCESS[kind],
          row.id,
          (run) => runMovieRender({ ...deps, format }, kind, run),
          {
            lastAttempt: true,
          },
        );
      }
      return answer(actor, row.content_id);
    },

    /** Deletes a movie and its files; refused while it renders (its own lock rule). */
    async remove(actor: Actor, contentId: string, kind: ContentMovieKind): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, REMOVE[kind]);
        const row = await moviesRepo(trx).lockMovie(content.id, kind);
        if (!row) throw new AppError('not_found');
        await moviesRepo(trx).deleteMovie(content.id, kind);
        for (const key of movieKeys(row)) await store.delete(key);
      });
    },
  };
}
export type MoviesService = ReturnType<typeof moviesService>;
