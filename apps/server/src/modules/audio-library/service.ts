import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type AudioLibraryAnswer,
  type AudioLibraryQuery,
  type AudioTrackUploadFields,
  backgroundMusicFormat,
  backgroundMusicRefusal,
  canDeleteAudioTrack,
  type LibraryTrackAnswer,
} from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { mediaUrlOf } from '../vehicle-media/media-urls.ts';
import { LIBRARY_CATALOGUE } from './catalogue.ts';
import type { LibraryDeps } from './generate.ts';
import { libraryTrackJob } from './jobs.ts';
import { type AudioTrackRow, audioLibraryRepo } from './repo.ts';

/** A domain's uploads: one folder per domain, served only through signed URLs (vehicle-media/media-urls.ts). */
const uploadPrefix = (domainId: string) => `audio-library/${domainId}`;
/** How often one node asks the queue again for the library's missing tracks (each ask is a no-op once queued). */
const ENQUEUE_EVERY_MS = 60_000;

export interface AudioLibraryService {
  list(actor: Actor, query: AudioLibraryQuery): Promise<AudioLibraryAnswer>;
  upload(actor: Actor, fields: AudioTrackUploadFields, file: ReceivedFile): Promise<LibraryTrackAnswer>;
  remove(actor: Actor, id: string): Promise<void>;
}

function answerOf(actor: Actor, row: AudioTrackRow): LibraryTrackAnswer {
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    genre: row.genre,
    mood: row.mood,
    tempo_bpm: row.tempo_bpm,
    duration_seconds: row.duration_seconds,
    format: row.format,
    bytes: Number(row.bytes),
    url: mediaUrlOf(row.file_key),
    created_at: row.created_at.toISOString(),
    can_delete: canDeleteAudioTrack(actor, { source: row.source, userId: row.user_id }),
  };
}

const fileRefused = (rule: string, message: string) =>
  new AppError('validation_failed', { fields: [fieldError('file', rule, message)] });

export function audioLibraryService(deps: LibraryDeps & { jobs: JobRunner | undefined }): AudioLibraryService {
  const repo = audioLibraryRepo(deps.db);
  let askedAt = Number.NEGATIVE_INFINITY;

  /** First use: the library's missing tracks are queued, one job per key (made once whoever asks). */
  async function libraryProgress(): Promise<{ total: number; ready: number }> {
    const made = await repo.libraryKeys();
    const missing = LIBRARY_CATALOGUE.filter((t) => !made.has(t.key));
    if (missing.length > 0 && deps.jobs && Date.now() - askedAt > ENQUEUE_EVERY_MS) {
      askedAt = Date.now();
      for (const track of missing) await deps.jobs.enqueue(libraryTrackJob, { key: track.key });
    }
    return { total: LIBRARY_CATALOGUE.length, ready: LIBRARY_CATALOGUE.length - missing.length };
  }

  return {
    async list(actor, query) {
      const library = await libraryProgress();
      const { rows, total } = await repo.list(actor.domainId, query);
      return { items: rows.map((row) => answerOf(actor, row)), total, page: query.page, limit: query.limit, library };
    },

    async upload(actor, fields, file) {
      const probe = await deps.media.probeAudio(file.path);
      const audio = probe.ok ? probe.audio : undefined;
      const refusal = backgroundMusicRefusal(audio ?? { container: '' });
      const format = audio && !refusal ? backgroundMusicFormat(audio) : undefined;
      if (!audio || !format) {
        throw fileRefused(
          refusal?.code === 'audio_too_long' ? 'range' : 'format',
          refusal?.message ?? 'Use an MP3, M4A or WAV audio file.',
        );
      }
      // Stored without metadata: MP3 and M4A as their streams are, WAV made AAC (a tenth of the size, streams anywhere).
      const stored = format === 'mp3' ? 'mp3' : 'm4a';
      const output = path.join(path.dirname(file.path), `clean-${randomUUID()}.${stored}`);
      const made =
        format === 'wav'
          ? await deps.media.encodeMusicM4a(file.path, output)
          : await deps.media.stripMetadata(file.path, output, format);
      if (!made.ok) throw fileRefused('format', 'This audio file cannot be read.');
      const put = await putContentAddressedFile(deps.store, uploadPrefix(actor.domainId), output, stored, {
        contentType: stored === 'mp3' ? 'audio/mpeg' : 'audio/mp4',
      });
      const row = await repo.insertUpload({
        domain_id: actor.domainId,
        user_id: actor.userId,
        title: fields.title,
        genre: fields.genre ?? '',
        mood: fields.mood ?? '',
        tempo_bpm: fields.tempo ?? null,
        duration_seconds: Math.round(audio.durationSeconds * 100) / 100,
        format: stored,
        file_key: put.key,
        bytes: put.size,
      });
      return answerOf(actor, row);
    },

    async remove(actor, id) {
      const row = await repo.visible(actor.domainId, id);
      if (!row) throw new AppError('not_found');
      if (!canDeleteAudioTrack(actor, { source: row.source, userId: row.user_id })) throw new AppError('forbidden');
      const vehicles = await repo.vehiclesUsing(id);
      if (vehicles > 0) throw new AppError('audio_track_in_use', { params: { vehicles } });
      const deleted = await repo.softDelete(actor.domainId, id);
      if (!deleted) throw new AppError('not_found');
      if (deleted.orphanKey) await deps.store.delete(deleted.orphanKey);
    },
  };
}
