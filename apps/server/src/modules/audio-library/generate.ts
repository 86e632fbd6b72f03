import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { Media } from '../../platform/media/media.ts';
import { normaliseLoudness } from '../../platform/music/loudness.ts';
import { renderScore } from '../../platform/music/synth.ts';
import { stereoWav } from '../../platform/music/wav.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import { composeTrack, fadeSecondsOf, type TrackSpec } from './composer.ts';
import { audioLibraryRepo } from './repo.ts';

/** Where the product's tracks are kept; the media route serves this folder only through signed URLs. */
export const LIBRARY_PREFIX = 'audio-library/library';

export interface LibraryDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

/**
 * One track of the product's library made and recorded: composed, rendered, brought to the library's loudness,
 * encoded as M4A, stored under its content's hash and recorded under its key. A key already recorded is left alone
 * (`exists`); a second maker racing this one (another node) loses at the unique key and adds no row.
 */
export async function makeLibraryTrack(deps: LibraryDeps, spec: TrackSpec): Promise<'made' | 'exists'> {
  const repo = audioLibraryRepo(deps.db);
  if ((await repo.libraryKeys()).has(spec.key)) return 'exists';
  const dir = await makeTempDir('spinyard-music-');
  try {
    const audio = await renderScore(composeTrack(spec));
    normaliseLoudness(audio);
    const wav = path.join(dir, 'track.wav');
    await writeFile(wav, stereoWav(audio, fadeSecondsOf(spec)));
    const m4a = path.join(dir, 'track.m4a');
    const encoded = await deps.media.encodeMusicM4a(wav, m4a);
    if (!encoded.ok) throw new Error(`The library track ${spec.key} could not be encoded: ${encoded.detail}`);
    const probe = await deps.media.probeAudio(m4a);
    if (!probe.ok) throw new Error(`The library track ${spec.key} cannot be read back: ${probe.reason}`);
    const put = await putContentAddressedFile(deps.store, LIBRARY_PREFIX, m4a, 'm4a', { contentType: 'audio/mp4' });
    const made = await repo.insertLibraryTrack({
      library_key: spec.key,
      user_id: null,
      title: spec.title,
      genre: spec.genre,
      mood: spec.mood,
      tempo_bpm: spec.bpm,
      duration_seconds: Math.round(probe.audio.durationSeconds * 100) / 100,
      format: 'm4a',
      file_key: put.key,
      bytes: put.size,
    });
    return made ? 'made' : 'exists';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
