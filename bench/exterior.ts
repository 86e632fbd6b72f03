import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { uploadsRepo } from '../apps/server/src/modules/uploads/repo.ts';
import { createOutboxMailer } from '../apps/server/src/platform/mail/outbox-mailer.ts';
import { ffmpegPath, runBounded } from '../apps/server/src/platform/media/ffmpeg.ts';
import { createDiskBlobStore } from '../apps/server/src/platform/storage/disk-blob-store.ts';
import { factory } from '../apps/server/test/helpers/factory.ts';
import { CLIPS, makeClip } from './exterior-clips.ts';

/**
 * The exterior pipeline against ffmpeg's decode-only time of the same clip, measured in the same run: a
 * walk-around-like clip (a photo-like scene strip scrolled past the camera, 1.25 turns, with camera noise, H.264)
 * of 30 s at 1920x1080 30 fps, and one of 60 s at 3840x2160 30 fps; for each:
 * - decode only: `ffmpeg -i clip -f null -`, wall time;
 * - the pipeline from "upload complete" (a ready upload, as the tus endpoint leaves it) to "spin ready" (the
 *   `multiple` process succeeded, 36 frames stored in every size as JPEG and WebP, rows committed):
 *   `POST /api/browser/v0/exterior/{id}` on the real app, which runs the process in the request when there is no
 *   job runner, the same work a worker runs;
 * - peak memory: the resident size of this Node process plus its ffmpeg children, sampled every 20 ms from /proc.
 *
 *   node --import tsx bench/exterior.ts
 *   BENCH_ONLY=1080     only the clips whose name contains this text (1080, 4k)
 *   BENCH_VIDEO_DIR=…   where the clips are made and kept (default: the system's temp folder)
 *
 * A figure, not a test: nothing fails on time. Figures and how they were obtained: docs/operations.md.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
/** Resident size of a process in MB (0 when it is gone). */
function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, ' ').trim().split(' ')[0] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * This process's ffmpeg children (spawned from the main thread, so listed under its own task), read synchronously
 * and cheaply: the sampler must not cost the CPU it measures.
 */
function ffmpegChildren(pid: number): number[] {
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return [];
  }
  return children
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0')[0]?.includes('ffmpeg') ?? false;
      } catch {
        return false;
      }
    });
}

interface MemoryPeak {
  node: number;
  ffmpeg: number;
  total: number;
  /** What the spin's work takes: this process's growth over `idle` plus its ffmpeg children, at its highest. */
  work: number;
}

/** Samples this process and its ffmpeg children every 20 ms until stopped. */
function sampleMemory(idle = 0): { stop(): Promise<MemoryPeak> } {
  const peak: MemoryPeak = { node: 0, ffmpeg: 0, total: 0, work: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const node = rssMb(process.pid);
      const children = ffmpegChildren(process.pid);
      const ffmpeg = children.reduce((s, pid) => s + rssMb(pid), 0);
      peak.node = Math.max(peak.node, node);
      peak.ffmpeg = Math.max(peak.ffmpeg, ffmpeg);
      peak.total = Math.max(peak.total, node + ffmpeg);
      peak.work = Math.max(peak.work, node - idle + ffmpeg);
      await new Promise((resolve) => setTimeout(resolve, 20));
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

/** CPU seconds of this process and of its children it has waited for (ffmpeg runs), from /proc/self/stat. */
function cpuSeconds(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3, so utime..cstime (fields 14..17) are at 11..14 here.
  const tick = (i: number) => Number(fields[i]) / 100;
  return { self: tick(11) + tick(12), children: tick(13) + tick(14) };
}

async function decodeOnlySeconds(file: string): Promise<{ seconds: number; peakMb: number; cpu: number }> {
  const memory = sampleMemory();
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const r = await runBounded(ffmpegPath(), ['-hide_banner', '-v', 'error', '-i', file, '-f', 'null', '-'], {
    timeoutMs: 30 * 60_000,
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = await memory.stop();
  if (r.code !== 0) throw new Error(`decode-only failed: ${r.stderr}`);
  return { seconds, peakMb: peak.ffmpeg, cpu: cpuSeconds().children - cpuBefore.children };
}

const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const root = await mkdtemp(path.join(tmpdir(), 'spinyard-bench-exterior-'));
await chmod(root, 0o755);
const cluster = await startEmbeddedPostgres({
  dataDir: path.join(root, 'postgres'),
  preferredPort: 0,
  log: () => undefined,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
});
try {
  await ensureDatabase(cluster.adminUrl, 'spinyard_bench');
  const { db } = createDatabase(cluster.urlFor('spinyard_bench'), 4);
  await migrateToLatest(db);
  const app = await buildApp({
    db,
    store: createDiskBlobStore(path.join(root, 'media')),
    mailer: createOutboxMailer(path.join(root, 'mail'), () => undefined),
    uploadDir: path.join(root, 'uploads'),
    accessTokenTtlHours: 1,
  });
  await app.ready();
  const make = factory(db);

  log(`\nExterior pipeline: 36 frames, each as JPEG and WebP in thumbnail, display and zoom, plus the master`);
  log(machine());
  const only = process.env.BENCH_ONLY;
  for (const clip of CLIPS.filter((c) => !only || c.name.includes(only))) {
    const file = await makeClip(clip);
    const { size } = await stat(file);
    const user = await make.signedIn({
      privilege_type: 'super',
      domain: { options: { exterior_size: clip.exteriorSize } },
    });
    const [car] = (await make.vehicles(user)) as [string];
    const decode = await decodeOnlySeconds(file);

    // "Upload complete": the file in the upload folder and its row ready, as the tus endpoint leaves them.
    const id = randomBytes(16).toString('hex');
    await mkdir(path.join(root, 'uploads'), { recursive: true });
    await copyFile(file, path.join(root, 'uploads', id));
    await uploadsRepo(db).insert({
      id,
      contentId: car,
      userId: user.id,
      purpose: 'exterior',
      size,
      fileName: 'walk.mp4',
    });
    await uploadsRepo(db).move(id, ['requested'], 'ready', { container: 'mp4' });

    const baseline = rssMb(process.pid);
    const memory = sampleMemory(baseline);
    const cpuBefore = cpuSeconds();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/browser/v0/exterior/${car}`,
      headers: { authorization: `Bearer ${user.contentToken}` },
      payload: { upload_ids: [id] },
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds();
    const peak = await memory.stop();
    const cpu = { node: cpuAfter.self - cpuBefore.self, ffmpeg: cpuAfter.children - cpuBefore.children };
    const answer = res.json() as { process?: { status: string; error: string | null } };
    const group = await db
      .selectFrom('exterior_groups')
      .select(['frame_count', 'loop'])
      .where('content_id', '=', car)
      .executeTakeFirst();
    const loop = group?.loop as { outcome?: string; close_seconds?: number; jump_local_ratio?: number } | undefined;
    log(
      `\n${clip.name}: ${clip.width}x${clip.height} ${clip.fps} fps ${clip.seconds} s H.264, ${(size / 1e6).toFixed(1)} MB, spin at ${clip.exteriorSize}`,
    );
    log(`  process                 ${answer.process?.status ?? res.statusCode} ${answer.process?.error ?? ''}`);
    log(
      `  frames                  ${group?.frame_count ?? 0} (loop ${loop?.outcome}, closes at ${loop?.close_seconds?.toFixed(2)} s, wrap ${loop?.jump_local_ratio?.toFixed(2)} x its neighbour steps)`,
    );
    log(`  decode only             ${decode.seconds.toFixed(2)} s (ffmpeg peak ${decode.peakMb.toFixed(0)} MB)`);
    log(`  upload complete → spin  ${seconds.toFixed(2)} s`);
    log(`  ratio                   ${(seconds / decode.seconds).toFixed(2)} x decode-only (goal ≤ 1.5)`);
    log(
      `  CPU                     decode only ${decode.cpu.toFixed(1)} s; pipeline ${(cpu.node + cpu.ffmpeg).toFixed(1)} s ` +
        `(ffmpeg and ffprobe ${cpu.ffmpeg.toFixed(1)} s, node with sharp ${cpu.node.toFixed(1)} s): ` +
        `${((cpu.node + cpu.ffmpeg) / decode.cpu).toFixed(2)} x`,
    );
    log(
      `  peak memory             ${peak.work.toFixed(0)} MB for the spin's work: node's growth + ffmpeg (goal < 300); ` +
        `${peak.total.toFixed(0)} MB with the process's own ${baseline.toFixed(0)} MB before the run ` +
        `(node at most ${peak.node.toFixed(0)} MB, ffmpeg at most ${peak.ffmpeg.toFixed(0)} MB)`,
    );
  }
  log(`\n${machine()}`);
  await app.close();
  await db.destroy();
} finally {
  await cluster.stop();
  await rm(root, { recursive: true, force: true });
}
