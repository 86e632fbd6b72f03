import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/harness/server.ts';
import { type Clip, makeClip } from './exterior-clips.ts';
import { benchTokens } from './sign-in.ts';

/**
 * Ten exterior videos uploaded at once to a running `spinyard serve` (its workers in the same process, as by
 * default): each of ten vehicles gets its video over tus HTTP (creation, then the bytes in one PATCH), then
 * `POST /api/browser/v0/exterior/{id}`; the test waits until every upload is `complete` (or `error`) and prints the
 * total time from the first byte sent to the last spin ready, and each one's.
 *
 *   node --import tsx bench/exterior-concurrency.ts
 *   BENCH_VIDEOS=10   how many at once
 *
 * A figure, not a test: it reports failures and times, and fails on nothing.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const COUNT = Math.max(1, Number(process.env.BENCH_VIDEOS ?? '10'));
/** A phone walk-around of ten seconds at 720p: what dealers most often send. */
const CLIP: Clip = {
  name: '720p30-10s',
  width: 1280,
  height: 720,
  seconds: 10,
  fps: 30,
  turns: 1.1,
  exteriorSize: 'full_hd',
};

const tus = { 'tus-resumable': '1.0.0' };
const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

const video = await readFile(await makeClip(CLIP));
// The server serves no console here; the harness only needs a folder with an index.html.
const consoleDist = await mkdtemp(path.join(tmpdir(), 'spinyard-bench-console-'));
await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html><title>bench</title>');
const server = await startServer({ env: { LOG_LEVEL: 'warn', SPINYARD_CONSOLE_DIST: consoleDist } });
try {
  const base = server.baseUrl;
  const token = (await benchTokens(base, server.adminEmail, server.adminPassword)).content;
  const auth = { authorization: `Bearer ${token}` };
  const post = (url: string, body: unknown) =>
    fetch(`${base}/api/browser/v0${url}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const vehicles: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const made = await post('/contents', {
      management_id: `BENCH-${Date.now()}-${i}`,
      maker: 'Bench',
      car_name: 'Walk',
    });
    const answer = await json(made);
    if (made.status !== 201) throw new Error(`vehicle ${i}: ${made.status} ${JSON.stringify(answer)}`);
    vehicles.push(answer.id as string);
  }

  log(`\n${COUNT} exterior videos at once: ${CLIP.width}x${CLIP.height} ${CLIP.fps} fps ${CLIP.seconds} s H.264, `);
  log(`${(video.length / 1e6).toFixed(1)} MB each, over tus HTTP to spinyard serve (workers in the same process)`);
  const started = performance.now();
  const results = await Promise.all(
    vehicles.map(async (car, i) => {
      const t0 = performance.now();
      const created = await fetch(`${base}/api/browser/v0/uploads/videos`, {
        method: 'POST',
        headers: {
          ...auth,
          ...tus,
          'upload-length': String(video.length),
          'upload-metadata': metadata({ content_id: car, purpose: 'exterior', filename: `walk-${i}.mp4` }),
        },
      });
      if (created.status !== 201) return { i, ok: false, why: `create ${created.status}`, seconds: 0, uploaded: 0 };
      const id = (created.headers.get('location') ?? '').split('/').at(-1) ?? '';
      const sent = await fetch(`${base}/api/browser/v0/uploads/videos/${id}`, {
        method: 'PATCH',
        headers: { ...auth, ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: video,
      });
      if (sent.status !== 204) return { i, ok: false, why: `patch ${sent.status}`, seconds: 0, uploaded: 0 };
      const uploaded = (performance.now() - t0) / 1000;
      const start = await post(`/exterior/${car}`, { upload_ids: [id] });
      if (start.status !== 202) {
        return {
          i,
          ok: false,
          why: `start ${start.status} ${JSON.stringify(await json(start))}`,
          seconds: 0,
          uploaded,
        };
      }
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const state = await json(await fetch(`${base}/api/browser/v0/uploads/videos/${id}`, { headers: auth }));
        if (state.status === 'complete' || state.status === 'error') {
          return {
            i,
            ok: state.status === 'complete',
            why: String(state.error_code ?? ''),
            seconds: (performance.now() - t0) / 1000,
            uploaded,
          };
        }
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  for (const r of results) {
    log(
      `  video ${String(r.i + 1).padStart(2)}: ${r.ok ? 'spin ready' : `FAILED ${r.why}`}, uploaded in ${r.uploaded.toFixed(1)} s, ready after ${r.seconds.toFixed(1)} s`,
    );
  }
  const failed = results.filter((r) => !r.ok).length;
  log(`\n  total ${total.toFixed(1)} s for ${COUNT} videos, ${failed} failed`);
  log(
    `  ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.stop();
  await rm(consoleDist, { recursive: true, force: true });
}
