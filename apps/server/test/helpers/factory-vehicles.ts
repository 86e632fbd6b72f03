import type { PublicationState, RunningProcess } from '@spinyard/domain';
import type { Db } from '../../src/db/database.ts';
import type { ProcessStatus } from '../../src/db/schema.ts';
import { contentsRepo, type NewContent } from '../../src/modules/contents/repo.ts';
import { interiorRepo } from '../../src/modules/interior/repo.ts';
import { processRepo } from '../../src/modules/processes/repo.ts';

/**
 * Vehicles, their process rows and interior scenes, as the factory's `vehicles`, `interiorScenes` and `update`
 * (see factory.ts); `managementId` gives each vehicle a fresh management ID.
 */
export function vehicleFactory(db: Db, managementId: () => string) {
  /** Process rows reach a status as a worker moves them (a finished one gets its end time). */
  async function setProcessStatus(rows: readonly { id: string }[], status: ProcessStatus): Promise<void> {
    const processes = processRepo(db);
    const finished = status === 'succeeded' || status === 'failed';
    for (const row of rows) await processes.change(row.id, { status, finished });
  }

  /**
   * Vehicles owned by a user, written by the contents repository as the product writes them. `fields` sets any
   * column (basic info, media flags such as has_exterior, listing_link, the limited password...); each vehicle
   * gets a fresh management ID unless `fields` names one (then make one vehicle).
   */
  async function vehicles(
    owner: { id: string; domainId: string; companyId?: string | null },
    input: {
      count?: number;
      publication?: PublicationState;
      process?: ProcessStatus;
      /** The process that row is for (default blur). */
      processName?: RunningProcess;
      fields?: Partial<NewContent>;
      /** Who registered it, when not the owner (a vehicle given to its owner). */
      creatorId?: string;
    } = {},
  ): Promise<string[]> {
    const count = input.count ?? 1;
    if (count === 0) return [];
    const ids = await contentsRepo(db).insertMany(
      Array.from({ length: count }, () => ({
        domain_id: owner.domainId,
        company_id: owner.companyId ?? null,
        owner_user_id: owner.id,
        creator_user_id: input.creatorId ?? owner.id,
        management_id: managementId(),
        publication: input.publication ?? 'unpublished',
        ...input.fields,
      })),
    );
    const status = input.process;
    if (status) {
      const processes = processRepo(db);
      const rows = await processes.insert(
        ids.map((id) => ({ contentId: id, process: input.processName ?? 'blur', actorUserId: owner.id })),
      );
      if (status !== 'queued') await setProcessStatus(rows, status);
    }
    return ids;
  }

  /**
   * `count` interior scenes on a vehicle, with a stand-in picture (no file behind it): for tests that need scenes to
   * exist (a limit, a hotspot's place) and not what the upload pipeline makes of a panorama.
   */
  async function interiorScenes(contentId: string, count = 1): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const scene = await interiorRepo(db).insert({
        contentId,
        title: `Scene ${i + 1}`,
        original: { width: 2048, height: 1024, master: `contents/${contentId}/interior/x.jpg`, renditions: {} },
      });
      ids.push(scene.id);
    }
    return ids;
  }

  /** Every process on the owner's vehicles reaches `status` (no area owns vehicles yet: see `vehicles`). */
  async function processesOf(ownerId: string, status: ProcessStatus): Promise<void> {
    const rows = await db
      .selectFrom('content_processes')
      .select('id')
      .where('content_id', 'in', (eb) => eb.selectFrom('contents').select('id').where('owner_user_id', '=', ownerId))
      .execute();
    await setProcessStatus(rows, status);
  }

  return { vehicles, interiorScenes, processesOf };
}
