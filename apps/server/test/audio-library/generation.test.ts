import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIO_GENRES, AUDIO_TRACK_MAX_SECONDS } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { LIBRARY_CATALOGUE } from '../../src/modules/audio-library/catalogue.ts';
import { composeTrack, sectionPlan, type TrackSpec } from '../../src/modules/audio-library/composer.ts';
import { makeLibraryTrack } from '../../src/modules/audio-library/generate.ts';
import { audioLibraryRepo } from '../../src/modules/audio-library/repo.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * The product's library: 24 or more tracks of 60 to 120 s in every genre, each composed from its key alone (same key,
 * same notes), and made once: two short tracks rendered for real, checked as M4A of their stated length, then made
 * again without a second row. The whole library is rendered only by bench/audio-library.ts.
 */

const t = useTestApp();
const hashOf = (spec: TrackSpec) =>
  createHash('sha256')
    .update(JSON.stringify(composeTrack(spec)))
    .digest('hex');

describe('the library catalogue', () => {
  it('has at least 24 tracks, every genre, unique keys, 60 to 120 s with an intro, choruses and an outro', () => {
    expect(LIBRARY_CATALOGUE.length).toBeGreaterThanOrEqual(24);
    expect(new Set(LIBRARY_CATALOGUE.map((s) => s.key)).size).toBe(LIBRARY_CATALOGUE.length);
    expect(new Set(LIBRARY_CATALOGUE.map((s) => s.genre))).toEqual(new Set(AUDIO_GENRES));
    for (const spec of LIBRARY_CATALOGUE) {
      const score = composeTrack(spec);
      expect(score.durationSeconds, spec.key).toBeGreaterThanOrEqual(60);
      expect(score.durationSeconds, spec.key).toBeLessThanOrEqual(AUDIO_TRACK_MAX_SECONDS);
      const plan = sectionPlan(spec);
      expect(plan[0]).toBe('intro');
      expect(plan.at(-1)).toBe('outro');
      expect(plan).toContain('chorus');
      // Bass, chords and melody all play; the last note ends inside the rendered length.
      const channels = new Set(score.notes.map((n) => n.channel));
      for (const channel of [0, 2, 3]) expect(channels, spec.key).toContain(channel);
      const end = Math.max(...score.notes.map((n) => n.time + n.duration));
      expect(end).toBeLessThanOrEqual(score.durationSeconds + 0.01);
    }
  });

  it('composes the same notes from the same key, and other notes from another key', () => {
    const spec = LIBRARY_CATALOGUE[0] as TrackSpec;
    expect(hashOf(spec)).toBe(hashOf({ ...spec }));
    expect(hashOf({ ...spec, key: `${spec.key}-other` })).not.toBe(hashOf(spec));
  });
});

describe('making library tracks', () => {
  it('renders short tracks as M4A of their stated length, once per key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-audio-test-'));
    const deps = { db: t.db, store: createDiskBlobStore(path.join(dir, 'media')), media: createMedia() };
    const specs: TrackSpec[] = [
      { key: 'test-pop', title: 'Test Pop', genre: 'pop', mood: 'bright', bpm: 300, tonic: 7, targetSeconds: 8 },
      { key: 'test-jazz', title: 'Test Jazz', genre: 'jazz', mood: 'elegant', bpm: 300, tonic: 5, targetSeconds: 8 },
    ];
    for (const spec of specs) expect(await makeLibraryTrack(deps, spec)).toBe('made');
    for (const spec of specs) expect(await makeLibraryTrack(deps, spec)).toBe('exists');
    const { rows } = await audioLibraryRepo(t.db).list('1', {
      q: 'Test',
      page: 1,
      limit: 10,
      genre: undefined,
      mood: undefined,
      source: 'library',
      tempo_min: undefined,
      tempo_max: undefined,
    });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const spec = specs.find((s) => s.key === row.library_key) as TrackSpec;
      const file = path.join(dir, 'copy.m4a');
      const blob = await deps.store.get(row.file_key);
      const chunks: Buffer[] = [];
      for await (const chunk of blob?.stream ?? []) chunks.push(chunk as Buffer);
      await writeFile(file, Buffer.concat(chunks));
      const probe = await deps.media.probeAudio(file);
      expect(probe.ok && probe.audio.codec).toBe('aac');
      expect(probe.ok && probe.audio.container).toContain('m4a');
      expect(row.duration_seconds).toBeCloseTo(composeTrack(spec).durationSeconds, 0);
      expect(row.format).toBe('m4a');
      expect(row.tempo_bpm).toBe(300);
    }
  });
});
