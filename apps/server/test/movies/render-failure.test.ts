import type { ContentMoviesAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVIE_JOBS, moviesJobs } from '../../src/modules/movies/jobs.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import type { Media, MovieRenderRequest, MovieRenderResult } from '../../src/platform/media/media.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { recordingJobs } from '../helpers/recording-jobs.ts';
import { movieOf, TINY } from './movie-helpers.ts';

/**
 * A promo that cannot be rendered, as the dealer sees it: the browser tests' promo (a vehicle with nothing but its
 * two-line opening title) whose ffmpeg fails. The render itself is stubbed (no ffmpeg runs), so only the job's
 * handling of the failure is under test: never internal_error for the dealer, and never "failed" while a retry may
 * still make the movie.
 */

const { enqueued, runner } = recordingJobs();
const t = useTestApp({ jobs: runner });
const API = '/api/browser/v0';
let owner: SignedInUser;
let car: string;
const requests: MovieRenderRequest[] = [];

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${owner.contentToken}` }, payload });

/** Media whose movie render answers `result` (what ffmpeg's run came to). */
const failing = (result: MovieRenderResult): Media => ({
  ...createMedia(),
  renderMovie: async (request) => {
    requests.push(request);
    return result;
  },
});

/** Delivers the job last enqueued as its attempt `retryCount` (2: the last), and answers the movies after. */
async function deliver(media: Media, retryCount: number): Promise<ContentMoviesAnswer> {
  const job = enqueued.at(-1);
  expect(job?.name).toBe(MOVIE_JOBS.slider.name);
  const handlers = moviesJobs({ db: t.db, store: testAppStore(t.dir), media, log: () => undefined }, TINY)
    .handlers as Record<string, JobHandler<ProcessJobPayload>>;
  await handlers[MOVIE_JOBS.slider.name]?.(job!.payload, { id: 'd', retryCount })?.catch(() => undefined);
  return (await call('GET', `/contents_movie/${car}`)).json();
}

const processRow = async () =>
  t.db
    .selectFrom('content_processes')
    .select(['status', 'error'])
    .where('content_id', '=', car)
    .where('process', '=', 'slider_movie')
    .orderBy('started_at', 'desc')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  const tenant = await t.make.tenant();
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  [car] = (await t.make.vehicles(owner)) as [string];
  const saved = await call('POST', `/contents_movie/${car}/settings`, {
    opening: { title: '新着入庫\r\nお買い得車\n' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('a promo that cannot be rendered', () => {
  it("ends failed with the render's own reason when ffmpeg refuses it, its detail kept on the process", async () => {
    const started = await call('POST', `/contents_movie/${car}/slider`);
    expect(started.statusCode, started.body).toBe(202);
    // Not the last attempt: a refusal is final all the same, since the same inputs fail again.
    const answer = await deliver(failing({ ok: false, detail: 'drawtext: refused' }), 0);
    expect(movieOf(answer, 'slider')).toMatchObject({ status: 'failed', error: { code: 'movie_render_failed' } });
    expect(await processRow()).toMatchObject({ status: 'failed', error: expect.stringContaining('drawtext: refused') });
    // The opening the render was asked for: a plain card under the title's two lines, the line ends normalised.
    expect(requests.at(-1)?.scenes[0]).toMatchObject({
      shot: { kind: 'blank' },
      captions: [{ lines: [{ text: '新着入庫' }, { text: 'お買い得車' }], placement: 'center' }],
    });
  });

  it('stays rendering while a killed run is retried, and fails with the same reason after the last attempt', async () => {
    const started = await call('POST', `/contents_movie/${car}/slider`);
    expect(started.statusCode, started.body).toBe(202);
    const killed = failing({ ok: false, detail: 'ffmpeg was killed', retry: true });
    const first = await deliver(killed, 0);
    expect(movieOf(first, 'slider')).toMatchObject({ status: 'rendering' });
    expect((await processRow()).status).not.toBe('failed');
    const last = await deliver(killed, 2);
    expect(movieOf(last, 'slider')).toMatchObject({ status: 'failed', error: { code: 'movie_render_failed' } });
    expect(await processRow()).toMatchObject({ status: 'failed', error: expect.stringContaining('ffmpeg was killed') });
  });
});
