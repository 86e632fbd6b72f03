import {
  CONTENTS_PROCESSING_MAX,
  type ContentsProcessingAnswer,
  type IsProcessingAnswer,
  type OneProcessAnswer,
  RECENT_PROCESSES_MAX,
  type RecentProcessesAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { startedAnswer, toProcessAnswer, toProcessAnswers } from '../processes/answer.ts';
import { processService } from '../processes/service.ts';
import { visibleOrNotFound } from './content-service.ts';
import { contentScopeOf } from './list-service.ts';
import { contentsRepo } from './repo.ts';

/** What runs on vehicles, as the detail page (is_processing) and the list's live column (contents_processing) ask. */
export function processQueryService(db: Db) {
  return {
    /** The queued and running processes of one vehicle the caller sees (`not_found` otherwise). */
    async isProcessing(actor: Actor, contentId: string): Promise<IsProcessingAnswer> {
      const caller = await loadCaller(db, actor);
      visibleOrNotFound(caller, await contentsRepo(db).find(contentId));
      const processes = toProcessAnswers(await contentsRepo(db).runningProcesses([contentId]));
      return { is_processing: processes.length > 0, processes };
    },

    /** The latest runs of one vehicle the caller sees, ended ones included (`not_found` otherwise). */
    async recent(actor: Actor, contentId: string): Promise<RecentProcessesAnswer> {
      const caller = await loadCaller(db, actor);
      visibleOrNotFound(caller, await contentsRepo(db).find(contentId));
      return { processes: toProcessAnswers(await processService(db).recent(contentId, RECENT_PROCESSES_MAX)) };
    },

    /**
     * One process of a vehicle the caller sees, also once it ended: how a screen that started it learns its outcome
     * when the live socket's last message did not reach it (the other reads answer only running processes).
     */
    async one(actor: Actor, contentId: string, processId: string): Promise<OneProcessAnswer> {
      const caller = await loadCaller(db, actor);
      visibleOrNotFound(caller, await contentsRepo(db).find(contentId));
      const row = await processService(db).find(processId);
      if (!row || row.content_id !== contentId || !toProcessAnswer(row)) throw new AppError('not_found');
      return startedAnswer(row);
    },

    /**
     * The queued and running processes of the vehicles the caller sees (the list's visibility rule), newest first,
     * at most CONTENTS_PROCESSING_MAX; only on `contentIds` when given (the list's page).
     */
    async processing(actor: Actor, contentIds: readonly string[] | undefined): Promise<ContentsProcessingAnswer> {
      const { permission } = await loadCaller(db, actor);
      const rows = await processService(db).runningVisible(contentScopeOf(permission), {
        contentIds,
        limit: CONTENTS_PROCESSING_MAX,
      });
      const processes: ContentsProcessingAnswer['processes'] = [];
      for (const row of rows) {
        const process = toProcessAnswer(row);
        if (process) processes.push({ content_id: row.content_id, process });
      }
      return { processes };
    },
  };
}
