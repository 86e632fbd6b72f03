import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import {
  PROCESS_SOCKET_PATH,
  type ProcessAnswer,
  type ProcessMessage,
  type SocketServerMessage,
} from '@spinyard/domain';
import WebSocket from 'ws';
import { ffmpegPath, runBounded } from '../apps/server/src/platform/media/ffmpeg.ts';
import { repoRoot } from '../e2e/harness/server.ts';
import { CLIPS, type Clip, makeClip } from './exterior-clips.ts';
import { childrenOf, cpuSecondsOf, ownCpuSecondsOf, programOf, rssMb } from './process-memory.ts';
import { benchTokens } from './sign-in.ts';
import { databaseUrl, startBenchServer } from './viewer-scene.ts';

/**
 * The exterior spin through the running server (issue 18, performance): `spinyard serve --no-workers` (production
 * mode, its own data folder, the embedded PostgreSQL) and a separate `spinyard worker` on the same database and data
 * folder, as a deployment runs them (`BENCH_WORKER=in-process`: `serve` with its workers, as `npm start` runs it).
 * For each clip (bench/exterior-clips.ts): ffmpeg's decode-only time of the clip (`ffmpeg -i clip -f null -`, the
 * packaged ffmpeg) in the same run, just before; then, as the console does it, a vehicle made, the clip sent over tus
 * in 5 MiB PATCHes, `POST /exterior/{id}`, and the process's changes followed on the live-progress socket (as the
 * console follows them; no polling, so the bench costs the server nothing while it waits) until it has succeeded
 * (after the transaction that writes its rows) or failed. Wall time from the first byte sent to that message; then every frame's every rendition (JPEG and WebP) is read back and must be 200 and not empty.
 * Memory: resident size sampled every 20 ms of each process apart: serve, worker, the ffmpeg/ffprobe children of
 * each, and PostgreSQL (all its processes summed; shared buffers counted in each, so an overstatement).
 * Phases from the process's progress as the socket tells it (pipeline-work.ts: 1 % taken by a worker, 45 % frames
 * extracted, 85 % rendered, 95 % stored).
 *
 *   node --import tsx bench/exterior-server.ts
 *   BENCH_ONLY=1080          only the clips whose name contains this text (1080, 4k, no-b-frames)
 *   BENCH_WORKER=in-process  the workers inside serve instead of a separate worker process
 *   BENCH_VIDEO_DIR=…        where the clips are made and kept (default: the system's temp folder)
 *
 * A figure, not a test. Figures and how they were obtained: docs/operations.md.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const IN_PROCESS = process.env.BENCH_WORKER === 'in-process';
const CHUNK_BYTES = 5 * 1024 * 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `spinyard worker` on the server's database and data folder; resolves once it says its workers run. */
async function startWorker(dataDir: string): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SPINYARD_')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'worker'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, NODE_ENV: 'production', SPINYARD_DATA_DIR: dataDir, DATABASE_URL: await databaseUrl(dataDir) },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('Spinyard workers running')) resolve();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => reject(new Error(`the worker exited:\n${output}`)));
  });
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The live-progress socket (`/api/browser/v0/ws`, as the console opens it): `until(car)` answers the vehicle's next
 * process once it has succeeded or failed, telling each progress on the way.
 */
async function watchProcesses(base: string, token: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${PROCESS_SOCKET_PATH}`);
  const listeners = new Map<string, (message: ProcessMessage) => void>();
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the progress socket closed (${code})`)));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as SocketServerMessage;
      if (message.type === 'ready') resolve();
      else listeners.get(message.content_id)?.(message);
    });
  });
  return {
    until(contentId: string, onProgress: (progress: number) => void): Promise<ProcessAnswer> {
      return new Promise((resolve) =>
        listeners.set(contentId, ({ process }) => {
          onProgress(process.progress);
          if (process.status !== 'succeeded' && process.status !== 'failed') return;
          listeners.delete(contentId);
          resolve(process);
        }),
      );
    },
    close: () => socket.close(),
  };
}

interface Peaks {
  serve: number;
  worker: number;
  serveMedia: number;
  workerMedia: number;
  /** The worker and its ffmpeg children together, at their highest. */
  workerAll: number;
  postgres: number;
}

const mediaChildren = (pid: number) =>
  childrenOf(pid).filter((child) => /ff(mpeg|probe)/.test(path.basename(programOf(child))));
/** CPU seconds of a process, its ended children and its running ffmpeg children (their own time so far). */
const workCpuSeconds = (pid: number) =>
  cpuSecondsOf(pid) + mediaChildren(pid).reduce((sum, child) => sum + (ownCpuSecondsOf(child) || 0), 0);
const sumRss = (pids: number[]) => pids.reduce((sum, pid) => sum + rssMb(pid), 0);

/** Every process's resident size every 20 ms until stopped. */
function sampleMemory(pids: { serve: number; worker: number; postgres: number }): { stop(): Promise<Peaks> } {
  const peak: Peaks = { serve: 0, worker: 0, serveMedia: 0, workerMedia: 0, workerAll: 0, postgres: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const serve = rssMb(pids.serve);
      const worker = rssMb(pids.worker);
      const workerMedia = sumRss(mediaChildren(pids.worker));
      const serveMedia = pids.worker === pids.serve ? workerMedia : sumRss(mediaChildren(pids.serve));
      const postgres = rssMb(pids.postgres) + sumRss(childrenOf(pids.postgres));
      peak.serve = Math.max(peak.serve, serve);
      peak.worker = Math.max(peak.worker, worker);
      peak.serveMedia = Math.max(peak.serveMedia, serveMedia);
      peak.workerMedia = Math.max(peak.workerMedia, workerMedia);
      peak.workerAll = Math.max(peak.workerAll, worker + workerMedia);
      peak.postgres = Math.max(peak.postgres, postgres);
      await wait(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

async function decodeOnly(file: string): Promise<{ seconds: number; cpu: number }> {
  const cpu0 = cpuSecondsOf(process.pid);
  const started = performance.now();
  const r = await runBounded(ffmpegPath(), ['-hide_banner', '-v', 'error', '-i', file, '-f', 'null', '-'], {
    timeoutMs: 30 * 60_000,
  });
  if (r.code !== 0) throw new Error(`decode-only failed: ${r.stderr}`);
  return { seconds: (performance.now() - started) / 1000, cpu: cpuSecondsOf(process.pid) - cpu0 };
}

const {
  server,
  pid: servePid,
  cleanUp,
} = await startBenchServer(undefined, {
  args: IN_PROCESS ? [] : ['--no-workers'],
  env: { LOG_LEVEL: 'warn' },
});
const worker = IN_PROCESS ? undefined : await startWorker(server.dataDir);
try {
  const base = server.baseUrl;
  const api = `${base}/api/browser/v0`;
  const master = await benchTokens(base, server.adminEmail, server.adminPassword);
  const auth = { authorization: `Bearer ${master.content}` };
  const call = async (url: string, init: RequestInit = {}, token = master.content) => {
    const res = await fetch(url, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text}`);
    return { res, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const domainId = ((await call(`${base}/v1/domain`, {}, master.access)).body.items as { id: string }[])[0]!.id;
  const pids = {
    serve: servePid,
    worker: worker?.child.pid ?? servePid,
    postgres: Number((await readFile(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]),
  };

  const live = await watchProcesses(base, master.content);

  /** One clip through the server: its figures, or why it failed. */
  async function spin(clip: Clip, file: string) {
    const video = await readFile(file);
    await call(`${base}/v1/domain/${domainId}`, json({ options: { exterior_size: clip.exteriorSize } }), master.access);
    const car = (
      await call(`${api}/contents`, json({ management_id: `EXT-${Date.now()}`, maker: 'Bench', car_name: 'Walk' }))
    ).body.id as string;
    const memory = sampleMemory(pids);
    const cpu0 = {
      serve: cpuSecondsOf(pids.serve),
      worker: cpuSecondsOf(pids.worker),
      work: workCpuSeconds(pids.worker),
    };
    const t0 = performance.now();
    const at = () => (performance.now() - t0) / 1000;
    const tus = { 'tus-resumable': '1.0.0' };
    const meta = { content_id: car, purpose: 'exterior', filename: path.basename(file) };
    const created = await fetch(`${api}/uploads/videos`, {
      method: 'POST',
      headers: {
        ...auth,
        ...tus,
        'upload-length': String(video.length),
        'upload-metadata': Object.entries(meta)
          .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
          .join(','),
      },
    });
    if (created.status !== 201) throw new Error(`tus creation answered ${created.status}`);
    const uploadId = (created.headers.get('location') ?? '').split('/').at(-1) ?? '';
    for (let offset = 0; offset < video.length; offset += CHUNK_BYTES) {
      const sent = await fetch(`${api}/uploads/videos/${uploadId}`, {
        method: 'PATCH',
        headers: {
          ...auth,
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: video.subarray(offset, offset + CHUNK_BYTES),
      });
      if (sent.status !== 204) throw new Error(`PATCH at ${offset} answered ${sent.status}`);
    }
    // Each phase's end: seconds from the first byte, and the CPU seconds the worker and its ffmpeg had used by then.
    const workerCpu = () => workCpuSeconds(pids.worker) - cpu0.work;
    const phases: [string, number, number][] = [['uploaded', at(), workerCpu()]];
    const marks: [number, string][] = [
      [1, 'taken by a worker'],
      [45, 'frames extracted'],
      [85, 'rendered'],
      [95, 'stored'],
    ];
    // Listened for before the process exists: its first changes come as soon as it is started.
    const ended = live.until(car, (progress) => {
      while (marks.length > 0 && progress >= marks[0]![0]) phases.push([marks.shift()![1], at(), workerCpu()]);
    });
    await call(`${api}/exterior/${car}`, json({ upload_ids: [uploadId] }));
    phases.push(['process started', at(), workerCpu()]);
    const finished = await ended;
    const seconds = at();
    phases.push([finished.status, seconds, workerCpu()]);
    const outcome = finished.status === 'succeeded' ? 'succeeded' : `${finished.status}: ${finished.error}`;
    const cpu = { serve: cpuSecondsOf(pids.serve) - cpu0.serve, worker: cpuSecondsOf(pids.worker) - cpu0.worker };
    const peak = await memory.stop();
    const loadThen = load();
    // Every frame's every rendition read back, outside the timed part.
    const exterior = (await call(`${api}/exterior/${car}`)).body as {
      groups: { sheets: { image: { renditions: Record<string, { jpeg: string; webp: string }> } }[] }[];
      settings: { frame_count: number };
    };
    const frames = exterior.groups.flatMap((g) => g.sheets);
    const urls = frames.flatMap((f) => Object.values(f.image.renditions).flatMap((r) => [r.jpeg, r.webp]));
    let missing = 0;
    for (const url of urls) {
      const res = await fetch(new URL(url, base), { headers: auth });
      if (res.status !== 200 || (await res.arrayBuffer()).byteLength === 0) missing++;
    }
    const framesOk =
      finished.status === 'succeeded' &&
      frames.length === exterior.settings.frame_count &&
      urls.length > 0 &&
      missing === 0;
    return {
      outcome,
      seconds,
      phases,
      cpu,
      peak,
      loadThen,
      frames: frames.length,
      urls: urls.length,
      missing,
      framesOk,
    };
  }

  log(
    `\nExterior through the running server: tus upload → every frame stored, ${IN_PROCESS ? 'workers in serve' : 'a separate worker process'}`,
  );
  log(`${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${load()}`);
  log(
    `serve ${pids.serve}, worker ${pids.worker}, PostgreSQL ${pids.postgres}; idle RSS serve ${rssMb(pids.serve)} MB, worker ${rssMb(pids.worker)} MB`,
  );
  const rows: string[][] = [];
  const only = process.env.BENCH_ONLY;
  for (const clip of CLIPS.filter((c) => !only || c.name.includes(only))) {
    const file = await makeClip(clip);
    const { size } = await stat(file);
    const decode = await decodeOnly(file);
    const r = await spin(clip, file);
    const ratio = r.seconds / decode.seconds;
    log(
      `\n${clip.name}: ${clip.width}x${clip.height} ${clip.fps} fps ${clip.seconds} s, ${(size / 1e6).toFixed(1)} MB, spin at ${clip.exteriorSize}`,
    );
    log(
      `  outcome       ${r.outcome}; ${r.frames} frames, ${r.urls} rendition files read back, ${r.missing} missing: ${r.framesOk ? 'every frame stored' : 'NOT every frame stored'}`,
    );
    log(`  decode only   ${decode.seconds.toFixed(2)} s (CPU ${decode.cpu.toFixed(1)} s)`);
    log(
      `  first byte → every frame stored  ${r.seconds.toFixed(2)} s = ${ratio.toFixed(2)} x decode-only (goal ≤ 1.5)`,
    );
    log(
      `  phases        ${r.phases.map(([name, s, cpu]) => `${name} ${s.toFixed(2)} (${cpu.toFixed(1)})`).join(', ')} (s from the first byte (worker and ffmpeg CPU s))`,
    );
    log(
      `  CPU           worker with its ffmpeg ${r.cpu.worker.toFixed(1)} s, serve ${r.cpu.serve.toFixed(1)} s${IN_PROCESS ? ' (the same process)' : ''}; (worker + serve) / decode-only ${((IN_PROCESS ? r.cpu.worker : r.cpu.worker + r.cpu.serve) / decode.cpu).toFixed(2)} x`,
    );
    log(
      `  peak RSS MB   worker ${r.peak.worker}, its ffmpeg ${r.peak.workerMedia}, together ${r.peak.workerAll} (goal < 300); serve ${r.peak.serve}, its ffmpeg/ffprobe ${r.peak.serveMedia}; PostgreSQL ${r.peak.postgres} (summed)`,
    );
    rows.push([
      clip.name,
      `${r.seconds.toFixed(2)} s`,
      `${decode.seconds.toFixed(2)} s`,
      `${ratio.toFixed(2)} x${r.framesOk ? '' : ' (FAILED)'}`,
      `${r.peak.worker} MB (+ ffmpeg ${r.peak.workerMedia})`,
      r.loadThen,
    ]);
  }
  const header = ['clip', 'wall', 'decode-only', 'ratio', 'peak worker RSS', 'load average'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  log('');
  for (const row of [header, ...rows]) log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  log(`\nload average now ${load()}`);
  live.close();
} catch (error) {
  log(`\nFAILED: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await worker?.stop();
  await cleanUp();
}
