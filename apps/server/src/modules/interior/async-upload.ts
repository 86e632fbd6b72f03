import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ExteriorProcessStartedAnswer,
  INTERIOR_MAX_SCENES,
  panoramaRefusal,
  readDomainOptions,
} from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import { AppError, featureOff } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import { readBlob } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, setMediaFlags } from '../contents/media-access.ts';
import { contentRecords } from '../contents/service.ts';
import { startedAnswer } from '../processes/answer.ts';
import {
  defineProcessJob,
  ProcessRefused,
  type ProcessWork,
  runProcessJob,
  startProcessJob,
} from '../processes/runner.ts';
import { decodedOrRefused, fileRefusal } from '../vehicle-media/image-refusals.ts';
import { panoramaKeys, storePanorama } from '../vehicle-media/panoramas.ts';
import { interiorPrefix, panoramaSpec } from './panorama.ts';
import { interiorRepo } from './repo.ts';
import { cleanUpScenes } from './scene-access.ts';
import type { InteriorServiceDeps } from './service.ts';
import type { InteriorWorkDeps } from './work.ts';

/**
 * The interior's upload the dealer may leave (`interior_async_upload`, the domain's async mobile upload option):
 * the request checks the vehicle, the scene limit and the file by its header, keeps the file in the blob store and
 * starts the process; the job renders every size and tile (seconds for a large panorama, the part a phone on a
 * weak connection should not wait for), writes the scene in one transaction (the limit checked again) and deletes
 * the kept file. Idempotent: the outputs are content-addressed; a retry after the scene was written finds the kept
 * file gone and ends.
 */

export const asyncSceneJob = defineProcessJob('interior.async-upload', { expireInSeconds: 30 * 60 });

const sourcePrefix = (contentId: string) => `contents/${contentId}/interior/sources`;
const overLimit = () =>
  new AppError('upload_over_limit', {
    message: `A vehicle may have at most ${INTERIOR_MAX_SCENES} panoramas.`,
    params: { limit: INTERIOR_MAX_SCENES },
  });

export function asyncSceneWork(deps: InteriorWorkDeps & { afterScene?: (run: ProcessWork) => Promise<unknown> }) {
  const { db, store, media } = deps;
  return async (run: ProcessWork): Promise<void> => {
    const key = String(run.payload.source_key ?? '');
    const title = String(run.payload.title ?? '');
    const data = await readBlob(store, key);
    // Gone: an earlier attempt wrote the scene and deleted it.
    if (!data) return;
    await run.progress(10);
    const dir = await makeTempDir('spinyard-async-scene-');
    let original: StoredImage | undefined;
    try {
      const file = path.join(dir, 'panorama');
      await writeFile(file, data);
      const refusal = panoramaRefusal(await media.measurePanorama(file));
      if (refusal) throw new ProcessRefused(refusal.code, refusal.message, refusal.params);
      const rendered = await decodedOrRefused(media.renderPanorama(file, panoramaSpec()));
      await run.progress(70);
      await db.transaction().execute(async (trx) => {
        await contentRecords(trx).lock([run.contentId]);
        const repo = interiorRepo(trx);
        if ((await repo.count(run.contentId)) >= INTERIOR_MAX_SCENES) throw overLimit();
        await repo.lockFiles(run.contentId);
        original = await storePanorama(store, interiorPrefix(run.contentId), rendered);
        await repo.insert({ contentId: run.contentId, title, original });
        await setMediaFlags(trx, run.contentId, { has_interior: true });
      });
      original = undefined;
      await store.delete(key);
      await deps.afterScene?.(run);
    } catch (error) {
      const stored = original;
      if (stored)
        await db.transaction().execute((trx) => cleanUpScenes(trx, store, run.contentId, panoramaKeys(stored)));
      // A refusal is final: the kept file is of no more use.
      if (error instanceof ProcessRefused || error instanceof AppError) await store.delete(key).catch(() => undefined);
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** `POST /interior/{id}/async`: keeps the file and starts `interior_async_upload`. */
export function interiorAsyncUpload(deps: InteriorServiceDeps) {
  const { db, store, media } = deps;
  return {
    async uploadAsync(
      actor: Actor,
      contentId: string,
      file: ReceivedFile,
      title: string,
    ): Promise<ExteriorProcessStartedAnswer> {
      const refusal = panoramaRefusal(await media.measurePanorama(file.path));
      if (refusal) throw fileRefusal(refusal);
      let key: string | undefined;
      try {
        const row = await db.transaction().execute(async (trx) => {
          const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.ASYNC_UPLOAD');
          if (!readDomainOptions(content.domain_options).async_mobile_upload) {
            throw featureOff('async_upload_off', 'Uploads in the background are turned off for this domain.');
          }
          if ((await interiorRepo(trx).count(content.id)) >= INTERIOR_MAX_SCENES) throw overLimit();
          key = (await putContentAddressedFile(store, sourcePrefix(content.id), file.path, 'bin')).key;
          return startProcessJob(trx, deps.jobs, asyncSceneJob, {
            contentId: content.id,
            process: 'interior_async_upload',
            actorUserId: actor.userId,
            payload: { source_key: key, title },
          });
        });
        key = undefined;
        if (!deps.jobs) {
          await runProcessJob(db, 'interior_async_upload', row.id, asyncSceneWork(deps), { lastAttempt: true });
        }
        return startedAnswer(row);
      } finally {
        // Kept, then the transaction failed: nothing will read the file.
        if (key !== undefined) await store.delete(key).catch(() => undefined);
      }
    },
  };
}
