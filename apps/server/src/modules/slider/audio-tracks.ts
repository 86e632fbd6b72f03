import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AudioTrackAnswer, AudioTracksAnswer } from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { Media, ProbedAudioTrack } from '../../platform/media/media.ts';
import type { Actor } from '../auth/service.ts';
import { visibleForMedia } from '../contents/media-access.ts';
import type { SliderDeps } from './area-rules.ts';
import { type StoredMovie, sliderRepo } from './repo.ts';

/**
 * The sound tracks of an original video (the spec's "original-movie audio track list"). They are read from the
 * file as uploaded, when it is uploaded: the stored MP4 keeps only the first track, without its language tag
 * (movie-files.ts), so only the upload can say what it held. A video uploaded before this list existed is read
 * on demand from its stored MP4.
 */

/** The stored MP4 plays the upload's first sound track (remuxToMp4 maps `0:a:0`). */
const toAnswer = (track: ProbedAudioTrack): AudioTrackAnswer => ({
  index: track.index,
  codec: track.codec,
  language: track.language,
  channels: track.channels,
  sample_rate: track.sampleRate,
  duration_seconds: track.durationSeconds === null ? null : Math.round(track.durationSeconds * 100) / 100,
  played: track.index === 0,
});

/** The tracks of an uploaded file, to keep with the movie; undefined when ffprobe cannot list them. */
export async function uploadedAudioTracks(
  media: Pick<Media, 'probeAudioTracks'>,
  file: string,
): Promise<AudioTrackAnswer[] | undefined> {
  return (await media.probeAudioTracks(file))?.map(toAnswer);
}

export function audioTrackService({ db, store, media }: SliderDeps) {
  /** The tracks of a stored MP4 (a movie uploaded before the list was kept), read from a temporary copy. */
  async function storedTracks(key: string): Promise<AudioTrackAnswer[]> {
    const blob = await store.get(key);
    if (!blob) throw new AppError('not_found');
    const dir = await makeTempDir('spinyard-tracks-');
    try {
      const file = path.join(dir, 'movie.mp4');
      await pipeline(blob.stream, createWriteStream(file, { mode: 0o600 }));
      const tracks = await media.probeAudioTracks(file);
      if (tracks === null) throw new AppError('video_invalid_file', { params: { reason: 'unreadable' } });
      return tracks.map(toAnswer);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /** Anyone who sees the vehicle; a movie of another vehicle or tenant is not_found. */
    async tracks(actor: Actor, contentId: string, movieId: string): Promise<AudioTracksAnswer> {
      await visibleForMedia(db, actor, contentId);
      const row = (await sliderRepo(db).movies(contentId)).find((m) => m.id === movieId);
      if (!row) throw new AppError('not_found');
      const movie = row.movie as unknown as StoredMovie;
      if (movie.audio_tracks !== undefined) return { movie_id: row.id, source: 'upload', tracks: movie.audio_tracks };
      return { movie_id: row.id, source: 'stored', tracks: await storedTracks(movie.key) };
    },
  };
}
export type AudioTrackService = ReturnType<typeof audioTrackService>;
