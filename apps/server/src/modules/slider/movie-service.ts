import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  EXTERIOR_VIDEO_CONTAINERS,
  ORIGINAL_MOVIE_MAX_BYTES,
  ORIGINAL_MOVIES_MAX,
  type OriginalMovieAnswer,
  type OriginalMoviesAnswer,
  RENDITION_QUALITY,
  SLIDER_RENDITION_WIDTHS,
  videoBoundsRefusal,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { RenditionSpec } from '../../platform/media/media.ts';
import { putContentAddressed } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import { imageAnswer, keysOf, mediaUrlOf, renderedImage, storeRendered } from '../vehicle-media/images.ts';
import { answerInList, gate, overLimit, plainListUseCases, prefixOf, type SliderDeps } from './area-rules.ts';
import { uploadedAudioTracks } from './audio-tracks.ts';
import { type OriginalMovieRow, type StoredMovie, sliderRepo } from './repo.ts';

/**
 * The slider area's original content videos: uploaded, checked by ffprobe, kept as a faststart MP4 with a still,
 * deleted and reordered. The locks, the blob rules and the helpers are the slider service's (service.ts).
 */

/** The still of an original video, for lists: small sizes only. */
const POSTER_SPEC: RenditionSpec = {
  maxInputPixels: 40_000_000,
  master: { width: 1920, height: 1920 },
  renditions: { thumbnail: { width: SLIDER_RENDITION_WIDTHS.thumbnail }, display: { width: 1280 } },
  quality: RENDITION_QUALITY,
};

/** ISO media only (mp4, m4v, mov): what a browser plays once moved into MP4. */
const MOVIE_CONTAINERS = EXTERIOR_VIDEO_CONTAINERS.slice(0, 1);

function movieAnswer(row: OriginalMovieRow, order: number): OriginalMovieAnswer {
  const movie = row.movie as unknown as StoredMovie;
  return {
    id: row.id,
    order,
    file_name: row.file_name,
    url: mediaUrlOf(movie.key),
    bytes: movie.bytes,
    width: movie.width,
    height: movie.height,
    duration_seconds: movie.duration_seconds,
    poster: imageAnswer(movie.poster),
  };
}

const movieKeys = (m: StoredMovie) => [m.key, ...keysOf(m.poster)];

/** The file's name as a person gave it, bounded for the row. */
const shownName = (name: string) =>
  [...name]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 255) || null;

export function originalMovieService(deps: SliderDeps) {
  const { db, store, media } = deps;
  const movieList = plainListUseCases(deps, {
    table: 'original_movies',
    operations: { remove: 'ORIGINAL_MOVIE.DELETE', reorder: 'ORIGINAL_MOVIE.REORDER' },
    keys: (row) => movieKeys(row.movie as unknown as StoredMovie),
    answer: movieAnswer,
    limits: { max_bytes: ORIGINAL_MOVIE_MAX_BYTES, max_items: ORIGINAL_MOVIES_MAX },
  });
  return {
    async movies(actor: Actor, contentId: string): Promise<OriginalMoviesAnswer> {
      await visibleForMedia(db, actor, contentId);
      return movieList.listAnswer(db, contentId);
    },

    /**
     * An original content video (multipart): ISO media (mp4, m4v, mov) by its content, within the video bounds,
     * moved into a faststart MP4 (the picture untouched) and stored with a still.
     */
    async addMovie(actor: Actor, contentId: string, file: ReceivedFile): Promise<OriginalMovieAnswer> {
      await gate(db, actor, contentId, 'ORIGINAL_MOVIE.UPLOAD');
      const probe = await media.probeVideo(file.path);
      if (!probe.ok) throw new AppError('video_invalid_file', { params: { reason: probe.reason } });
      const video = probe.video;
      if (!MOVIE_CONTAINERS.includes(video.container)) {
        throw new AppError('unsupported_video_format', {
          params: { container: video.container },
          message: 'This video format is not supported. Use MP4, M4V or MOV.',
        });
      }
      const bounds = videoBoundsRefusal(video);
      if (bounds) throw new AppError(bounds.code, { params: bounds.params, message: bounds.message });

      const dir = await makeTempDir('spinyard-movie-');
      try {
        const mp4 = path.join(dir, 'movie.mp4');
        const remux = await media.remuxToMp4(file.path, mp4);
        if (!remux.ok) {
          throw new AppError('unsupported_video_format', {
            params: { codec: video.codec },
            message: 'This video cannot be kept as MP4. Use an MP4, M4V or MOV video in H.264 or HEVC.',
          });
        }
        const audioTracks = await uploadedAudioTracks(media, file.path);
        const still = await media.posterFrame(mp4, Math.min(1, video.durationSeconds / 2));
        if (!still) throw new AppError('video_invalid_file', { params: { reason: 'no_picture' } });
        const posterImage = await renderedImage(media, still, POSTER_SPEC);
        return await db.transaction().execute(async (trx) => {
          await lockForMedia(trx, actor, contentId, 'ORIGINAL_MOVIE.UPLOAD');
          const repo = sliderRepo(trx);
          if ((await repo.movies(contentId)).length >= ORIGINAL_MOVIES_MAX) throw overLimit(ORIGINAL_MOVIES_MAX);
          const stored = await putContentAddressed(store, prefixOf(contentId, 'movies'), createReadStream(mp4), 'mp4', {
            contentType: 'video/mp4',
          });
          const poster = await storeRendered(store, prefixOf(contentId, 'movies'), posterImage);
          const movie: StoredMovie = {
            key: stored.key,
            bytes: stored.size,
            width: video.width,
            height: video.height,
            duration_seconds: Math.round(video.durationSeconds * 100) / 100,
            codec: video.codec,
            poster,
            ...(audioTracks ? { audio_tracks: audioTracks } : {}),
          };
          const row = await repo.insertMovie(contentId, movie, shownName(file.fileName));
          const all = await repo.movies(contentId);
          return answerInList(row, all, movieAnswer);
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    deleteMovie: movieList.remove,

    reorderMovies: movieList.reorder,
  };
}

export type OriginalMovieService = ReturnType<typeof originalMovieService>;
