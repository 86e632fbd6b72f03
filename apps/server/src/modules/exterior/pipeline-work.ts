import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_MIN_VIDEO_SECONDS,
  EXTERIOR_SIZE_IDS,
  EXTERIOR_SIZES,
  exteriorVideoRefusal,
  exteriorVideosRefusal,
  findEarlyTurn,
  spinFrameSize,
  UPLOAD_TYPES,
  VIDEO_BOUNDS,
  type VideoFacts,
  type VideoRefusal,
} from '@spinyard/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import { FrameSignatureError, type Media, type ProbedVideo, type SpinExtraction } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { defineProcessJob, ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { uploadsService } from '../uploads/service.ts';
import { deleteUploadFiles as deleteUploads, openUploadFile } from '../uploads/upload-files.ts';
import { movieBackupRepo } from './backup-repo.ts';
import { discardOriginals, keepOriginals } from './pipeline-backups.ts';
import { type Extracted, planRow, RAW_CANDIDATE_BYTES, SIGNATURE_WIDTH } from './pipeline-plan.ts';
import { renderAndStoreRows } from './pipeline-render.ts';
import {
  type MadeRows,
  type RowPlan,
  type RowSettings,
  type SpinSource,
  sourceSeconds,
  writeRows,
} from './pipeline-rows.ts';

/**
 * The work of the `multiple` and `exterior_async_upload` processes (issue 9): walk-around videos become rows of spin
 * frames. Per video ONE decode pass gives both the seamless loop's signatures and candidate frames at the spin's size
 * (platform/media/frame-extract.ts); the loop rule (domain media/loop.ts) finds where the turn closes, the spin's
 * frames are the candidates nearest to even times over that turn, turned the product's way when the domain corrects
 * rotation (domain media/spin.ts); ffmpeg renders them in every size and format (spin-renditions.ts), each stored
 * (storeRenderedImage); one transaction writes the rows, the vehicle's flags, the uploads' states and the backups.
 * Idempotent: a retry starts over from the upload files, which stay until the transaction has committed, and makes the
 * same frames under the same content-addressed keys. A refused video (catalogue code) fails the process at once with
 * nothing written: no rows, no blobs, the uploads `error` with the code and their files deleted.
 */

/** What the request stores with the process: the uploads and every option the job needs, as they were then. */
export const pipelinePayload = z.object({
  upload_ids: z.array(z.string()).min(1),
  /** The upload files on the receiving node; a worker elsewhere reads them from the blob store (openUploadFile). */
  files: z.array(z.string()).min(1),
  file_names: z.array(z.string().nullable()),
  group_order: z.number().int().min(1),
  upload_type: z.enum(UPLOAD_TYPES),
  domain_id: z.string(),
  frame_count: z.number().int().min(3),
  exterior_size: z.enum(EXTERIOR_SIZE_IDS),
  rotation_correction: z.boolean(),
  backup_days: z.number().int().positive().nullable(),
  min_seconds: z.number().positive().default(DEFAULT_MIN_VIDEO_SECONDS),
});
export type PipelinePayload = z.output<typeof pipelinePayload>;

/** Points a test can stop the work at, as a worker killed there would (a throw is a failed attempt). */
export interface PipelineHooks {
  /** After the decode pass of video `index` (its candidates on disk), before anything is stored. */
  afterExtract?: (index: number) => Promise<void> | void;
  /** After `stored` frames of the attempt have been stored in the blob store. */
  afterFrameStored?: (stored: number) => Promise<void> | void;
}

export interface PipelineDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  hooks?: PipelineHooks | undefined;
  /** Clock of the backups' retention (tests move it). */
  now?: () => Date;
  /** In the rows' transaction: what follows a new spin (front detection when the domain has it, front-jobs.ts). */
  afterRows?: (trx: Db, contentId: string, actorUserId: string | null) => Promise<unknown>;
}

/**
 * The jobs of the two processes (the same work): a 10-minute 4K video, the bounds' longest, decodes in well under
 * the decode pass's own time limit; an attempt still running after this lost its worker.
 */
export const multipleJob = defineProcessJob('exterior.multiple', { expireInSeconds: 45 * 60 });
export const asyncUploadJob = defineProcessJob('exterior.async-upload', { expireInSeconds: 45 * 60 });

/** Candidates decoded per spin frame: the nearest is then at most an eighth of a frame step from its even time. */
export const CANDIDATE_OVERSAMPLING = 4;
/** Signatures per second of the loop (see docs/decisions.md, the seamless loop). */
const SIGNATURE_FPS = 15;
/** The most pixels a frame may have (the bounds' largest picture), for ffmpeg and sharp alike. */
export const MAX_FRAME_PIXELS = VIDEO_BOUNDS.maxLongSide * VIDEO_BOUNDS.maxShortSide;

/**
 * How long one decode pass may take: a minute, plus twice the video's length (4K decodes at about real time on
 * two cores; a file whose headers lie about its length is stopped here or by the signature count).
 */
export const extractTimeoutMs = (seconds: number): number => 60_000 + 2_000 * Math.ceil(seconds);

const PROGRESS = { extracted: 45, rendered: 85, stored: 95 } as const;

/** How a decode that cannot go on is refused: final, nothing written (the caller cleans up its own inputs). */
type Refuse = (refusal: VideoRefusal) => Promise<never>;

const facts = (v: ProbedVideo): VideoFacts => ({
  container: v.container,
  width: v.width,
  height: v.height,
  durationSeconds: v.durationSeconds,
  frameRate: v.frameRate,
});

// The uploads area owns the uploads' states; its service moves them (expiry is not used here).
const uploads = (on: Db) => uploadsService({ db: on, expireAfterMs: 0 });

/** Each file, tus's metadata beside it, this node's copy read from the blob store, and the blob (S3 storage). */
const deleteUploadFiles = (store: BlobStore, files: readonly string[]): Promise<void> =>
  deleteUploads({ store }, files);

/**
 * A final refusal: every upload of the process `error` with the code, their files gone, nothing else written. Not
 * when the work was stopped (its ffmpeg killed because the job or process is no longer wanted): that is no fault of
 * the video, and the attempt that takes the process up next needs its files.
 */
async function refuse(
  deps: PipelineDeps,
  payload: PipelinePayload,
  refusal: VideoRefusal,
  signal: AbortSignal,
): Promise<never> {
  signal.throwIfAborted();
  for (const id of payload.upload_ids) await uploads(deps.db).failed(id, refusal.code);
  await deleteUploadFiles(deps.store, payload.files);
  throw new ProcessRefused(refusal.code, refusal.message, refusal.params);
}

const invalidFile = (video: number): VideoRefusal => ({
  code: 'video_invalid_file',
  params: { video },
  message: 'This video file cannot be read.',
});

async function probeAll(deps: PipelineDeps, payload: PipelinePayload, signal: AbortSignal): Promise<SpinSource[]> {
  const probed: SpinSource[] = [];
  for (const [i, id] of payload.upload_ids.entries()) {
    // The receiving node's file when this node sees it, else (S3 storage) a copy read from the blob store, which
    // goes with the upload's files (deleteUploadFiles) or, after a failed attempt, stays for a retry here. Neither
    // (another node's folder and no blob): no refusal of the video, a failed attempt another worker may retry.
    const { path: file } = await openUploadFile({ store: deps.store }, { id, file: payload.files[i]! });
    const probe = await deps.media.probeVideo(file);
    if (!probe.ok) return refuse(deps, payload, invalidFile(i + 1), signal);
    probed.push({ id, file, fileName: payload.file_names[i] ?? null, video: probe.video });
  }
  const options = { minSeconds: payload.min_seconds };
  const refusal =
    payload.upload_type === 'group'
      ? exteriorVideosRefusal(
          probed.map((p) => facts(p.video)),
          options,
        )
      : probed
          .map((p, i) => {
            const r = exteriorVideoRefusal(facts(p.video), options);
            return r ? { ...r, params: { ...r.params, video: i + 1 } } : undefined;
          })
          .find((r) => r !== undefined);
  if (refusal) return refuse(deps, payload, refusal, signal);
  return probed;
}

/** One decode pass per video of the row; the row's signatures and candidates on one clock (videos end to end). */
async function extractRow(
  deps: PipelineDeps,
  row: RowPlan,
  frameCount: number,
  size: { width: number; height: number },
  dir: string,
  progress: (seconds: number) => Promise<void>,
  videoIndex: (video: SpinSource) => number,
  refuse: Refuse,
): Promise<Extracted> {
  const out: Extracted = { frames: [], times: [], candidates: [] };
  const total = row.videos.reduce((s, v) => s + sourceSeconds(v), 0);
  let offset = 0;
  for (const upload of row.videos) {
    const index = videoIndex(upload);
    const outDir = path.join(dir, String(index));
    await mkdir(outDir, { recursive: true });
    const share = sourceSeconds(upload) / total;
    const seconds = Math.min(sourceSeconds(upload), VIDEO_BOUNDS.maxSeconds);
    let extracted: SpinExtraction;
    const pending: Promise<void>[] = [];
    try {
      extracted = await deps.media.extractSpinFrames(upload.file, {
        durationSeconds: seconds,
        ...(upload.window ? { startSeconds: upload.window.start } : {}),
        candidates: Math.max(1, Math.ceil(CANDIDATE_OVERSAMPLING * frameCount * share)),
        width: size.width,
        height: size.height,
        colorMatrix: upload.video.colorMatrix,
        fullRange: upload.video.fullRange,
        // A row of one video stops decoding once its turn has closed for sure; a merged row's turn runs across
        // its videos, so each is decoded whole.
        ...(row.videos.length === 1 ? { closedAt: (frames) => findEarlyTurn(frames) !== undefined } : {}),
        outDir,
        fps: SIGNATURE_FPS,
        signatureWidth: SIGNATURE_WIDTH,
        timeoutMs: extractTimeoutMs(seconds),
        maxSeconds: upload.window ? seconds : VIDEO_BOUNDS.maxSeconds,
        maxPixels: MAX_FRAME_PIXELS,
        maxSignatures: Math.ceil((seconds + 5) * SIGNATURE_FPS * 1.2),
        rawCandidateBytes: RAW_CANDIDATE_BYTES * share,
        onCandidate: (_n, t) => {
          pending.push(progress(offset + t).catch(() => undefined));
        },
      });
    } catch (error) {
      if (error instanceof FrameSignatureError) {
        if (error.reason === 'ffmpeg_failed') return refuse(invalidFile(index + 1));
        if (error.reason === 'timeout' || error.reason === 'too_many_frames') {
          return refuse({
            code: 'video_out_of_bounds',
            params: { video: index + 1, limit: error.reason === 'timeout' ? 'time' : 'duration' },
            message: 'This video is too long, too large or too fast to process.',
          });
        }
      }
      throw error;
    }
    await Promise.all(pending);
    if (extracted.signatures.frames.length === 0 || extracted.candidates.length === 0) {
      return refuse(invalidFile(index + 1));
    }
    await deps.hooks?.afterExtract?.(index);
    // The next video of a merged row follows this one on the row's clock.
    const start = extracted.signatures.times[0] ?? 0;
    const shift = offset - start;
    out.frames.push(...extracted.signatures.frames);
    out.times.push(...extracted.signatures.times.map((t) => t + shift));
    out.candidates.push(...extracted.candidates.map((c) => ({ file: c.file, seconds: c.seconds + shift })));
    if (extracted.stoppedEarly) out.stoppedAt = (extracted.signatures.times.at(-1) ?? 0) + shift;
    offset += sourceSeconds(upload);
  }
  return out;
}

/**
 * The rows' frames made and stored, nothing written to the rows yet: one decode pass per video (0..45 % by seconds
 * decoded), the turn found and the frames chosen (pipeline-plan.ts), every size rendered (45..85 %) and stored
 * (85..95 %). The uploads' pipeline and a dealer's trim (trim-work.ts) both make their rows here.
 */
export async function makeRows(
  deps: PipelineDeps,
  work: ProcessWork,
  rows: readonly RowPlan[],
  settings: RowSettings,
  dir: string,
  refuse: Refuse,
) {
  const box = EXTERIOR_SIZES.find((s) => s.id === settings.exterior_size)!;
  // Merged videos share their aspect (the rules), so every frame of a row gets the first video's size.
  const sizes = rows.map((row) => spinFrameSize(row.videos[0]!.video, box));
  const videos = rows.flatMap((row) => row.videos);
  const totalSeconds = videos.reduce((s, v) => s + sourceSeconds(v), 0);
  let before = 0;
  const planned: { files: string[]; loop: Record<string, unknown> }[] = [];
  for (const [r, row] of rows.entries()) {
    const done = before;
    const extracted = await extractRow(
      deps,
      row,
      settings.frame_count,
      sizes[r]!,
      dir,
      (seconds) => work.progress(1 + ((PROGRESS.extracted - 1) * (done + seconds)) / totalSeconds),
      (video) => videos.indexOf(video),
      async (refusal) => {
        // A decode killed because the work is no longer wanted is no refusal of the video (trims too).
        work.signal.throwIfAborted();
        return refuse(refusal);
      },
    );
    before += row.videos.reduce((s, v) => s + sourceSeconds(v), 0);
    planned.push(planRow(extracted, settings.frame_count, settings.rotation_correction));
  }
  await work.progress(PROGRESS.extracted);
  const images = await renderAndStoreRows({
    store: deps.store,
    media: deps.media,
    contentId: work.contentId,
    exteriorSize: settings.exterior_size,
    maxFramePixels: MAX_FRAME_PIXELS,
    rows: planned.map((plan, r) => ({ files: plan.files, size: sizes[r]! })),
    dir,
    progress: { from: PROGRESS.extracted, mid: PROGRESS.rendered, to: PROGRESS.stored, report: work.progress },
    afterFrameStored: deps.hooks?.afterFrameStored,
  });
  return { images, planned } satisfies MadeRows;
}

export function exteriorPipeline(deps: PipelineDeps) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());
  async function run(work: ProcessWork): Promise<void> {
    const parsed = pipelinePayload.safeParse(work.payload);
    if (!parsed.success) throw new ProcessRefused('validation_failed', 'The process payload is not a pipeline one.');
    const payload = parsed.data;
    const contentId = work.contentId;

    for (const id of payload.upload_ids) {
      const moved = await uploads(db).processing(id);
      if (!moved) {
        const row = await uploads(db).find(id);
        throw new ProcessRefused('invalid_state_transition', 'An upload of this process is no longer waiting.', {
          upload_id: id,
          status: row?.status ?? 'missing',
        });
      }
    }
    await work.progress(1);
    const probed = await probeAll(deps, payload, work.signal);

    const rows: RowPlan[] =
      payload.upload_type === 'group'
        ? [{ groupOrder: payload.group_order, videos: probed }]
        : probed.map((video, i) => ({ groupOrder: payload.group_order + i, videos: [video] }));

    // The originals are stored while the frames are made; a refusal below takes them away again.
    const originals = keepOriginals(store, contentId, probed, deps.media);
    const dir = await makeTempDir('spinyard-spin-');
    try {
      const made = await makeRows(deps, work, rows, payload, dir, (refusal) =>
        refuse(deps, payload, refusal, work.signal),
      );
      const backups = await originals.done;
      await work.heartbeat();

      const at = now();
      const expiresAt =
        payload.backup_days === null ? null : new Date(at.getTime() + payload.backup_days * 24 * 3600_000);
      await db.transaction().execute(async (trx) => {
        await writeRows(trx, contentId, rows, made);
        await deps.afterRows?.(trx, contentId, work.actorUserId);
        for (const id of payload.upload_ids) {
          if (!(await uploads(trx).complete(id))) {
            throw new ProcessRefused('invalid_state_transition', 'An upload of this process was taken meanwhile.', {
              upload_id: id,
            });
          }
        }
        for (const b of backups) {
          await movieBackupRepo(trx).insert({
            contentId,
            domainId: payload.domain_id,
            uploadId: b.upload.id,
            blobKey: b.key,
            size: b.size,
            durationSeconds: b.upload.video.durationSeconds,
            fileName: b.upload.fileName,
            expiresAt,
          });
        }
      });
      // Only once the frames are committed: a retry before this point still has its files.
      await deleteUploadFiles(store, payload.files);
    } catch (error) {
      if (error instanceof ProcessRefused) await discardOriginals(db, store, originals);
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The last attempt: as `run`, and when it fails for any other reason than a refusal (which cleans up itself),
   * the uploads are given up (`error`, internal_error) and their files deleted, since no retry will read them.
   */
  async function runLast(work: ProcessWork): Promise<void> {
    try {
      await run(work);
    } catch (error) {
      // A stopped attempt (work.signal) leaves the uploads to whoever takes the process up.
      if (!(error instanceof ProcessRefused) && !work.signal.aborted) {
        const parsed = pipelinePayload.safeParse(work.payload);
        if (parsed.success) {
          for (const id of parsed.data.upload_ids) await uploads(db).failed(id, 'internal_error');
          await deleteUploadFiles(store, parsed.data.files);
        }
      }
      throw error;
    }
  }

  return { run, runLast };
}
