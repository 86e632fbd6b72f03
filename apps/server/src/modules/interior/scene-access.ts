import { type RunningProcess, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { deleteUnreferenced } from './panorama.ts';
import { type InteriorSceneRow, interiorRepo } from './repo.ts';

// What the interior's services share: a scene of the vehicle or not_found, the option, the files' clean-up.

export const enhancementEnabled = (content: ContentRecord): boolean =>
  readDomainOptions(content.domain_options).interior_enhancement;

export async function sceneOr404(trx: Db, contentId: string, sceneId: string): Promise<InteriorSceneRow> {
  const scene = await interiorRepo(trx).scene(contentId, sceneId);
  if (!scene) throw new AppError('not_found');
  return scene;
}

/**
 * Deletes the files among `keys` no scene of the vehicle uses, in the caller's transaction after its change and
 * under the vehicle's file lock, so an upload storing the same picture at the same time cannot lose its files.
 */
export async function cleanUpScenes(
  trx: Db,
  store: BlobStore,
  contentId: string,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await interiorRepo(trx).lockFiles(contentId);
  await deleteUnreferenced(store, keys, await interiorRepo(trx).scenes(contentId));
}

/** The interior's image edits rewrite the same picture: one at a time per vehicle (docs/decisions.md, interior). */
const EDIT_PROCESSES: readonly RunningProcess[] = ['interior_enhance', 'whiteblance', 'color'];

/** Another image edit of this vehicle running: refused as the lock rules refuse (content_locked naming it). */
export async function assertNoEditRunning(trx: Db, actor: Actor, contentId: string): Promise<void> {
  const { processes } = await processQueryService(trx).isProcessing(actor, contentId);
  const editing = processes.find((p) => EDIT_PROCESSES.includes(p.process as RunningProcess));
  if (editing) throw new AppError('content_locked', { params: { process: editing.process } });
}
