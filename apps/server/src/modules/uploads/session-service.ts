import {
  readDomainOptions,
  type UploadSessionAnswer,
  type UploadSessionCancelAnswer,
  VIDEO_UPLOADS_PATH,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { lockVisible } from '../contents/content-service.ts';
import { signSubject, subjectSecondsLeft } from '../vehicle-media/media-urls.ts';
import { uploadsRepo } from './repo.ts';

/**
 * Exterior upload sessions (`GET /session/start`, `DELETE /exterior/{id}/session`): the uploads one user starts on
 * one vehicle from the moment the exterior editor opens. A session is no row: its id is its start, its expiry and a
 * signature over the vehicle, the user and the start, so any node checks it and nothing is left to clean up. Its
 * uploads are the user's uploads on the vehicle created since its start (the database's clock stamps both).
 */

export interface UploadSessionDeps {
  db: Db;
  maxBytes: number;
  /** A session lasts as long as an unfinished upload keeps its bytes. */
  expireAfterMs: number;
  /** Deletes an upload's bytes (tus's store); a failure is left to the sweep of expired uploads. */
  removeBytes: (id: string) => Promise<void>;
  now?: () => number;
}

const subjectOf = (contentId: string, userId: string, startedMs: number) =>
  `upload-session/${contentId}/${userId}/${startedMs}`;

export function uploadSessionService(deps: UploadSessionDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The vehicle as the caller sees it: another tenant's, or one they cannot see, is not_found. */
  async function visible(actor: Actor, contentId: string) {
    const caller = await loadCaller(db, actor);
    return db.transaction().execute((trx) => lockVisible(trx, caller, contentId));
  }

  return {
    async start(actor: Actor, contentId: string): Promise<UploadSessionAnswer> {
      const content = await visible(actor, contentId);
      if (content.publication === 'deleted') {
        throw new AppError('invalid_state_transition', { params: { reason: 'restore_first' } });
      }
      const repo = uploadsRepo(db);
      const started = await repo.clock();
      const expires = Math.floor((started.getTime() + deps.expireAfterMs) / 1000);
      const signature = signSubject(subjectOf(content.id, actor.userId, started.getTime()), expires);
      return {
        session_id: `${started.getTime()}.${expires}.${signature}`,
        content_id: content.id,
        started_at: started.toISOString(),
        expires_at: new Date(expires * 1000).toISOString(),
        upload_path: VIDEO_UPLOADS_PATH,
        max_bytes: deps.maxBytes,
        upload_limit: readDomainOptions(content.domain_options).exterior_upload_limit,
        uploads_in_use: await repo.countUnfinished(content.id, 'exterior', deps.expireAfterMs),
      };
    },

    /**
     * Cancels the session's uploads the pipeline has not taken (requested or ready) and deletes their bytes. A
     * session of another user or vehicle, a forged or an expired one is not_found, like a vehicle not seen.
     */
    async cancel(actor: Actor, contentId: string, sessionId: string): Promise<UploadSessionCancelAnswer> {
      await visible(actor, contentId);
      const [startedText = '', expires = '', signature = ''] = sessionId.split('.');
      const startedMs = Number(startedText);
      const left = subjectSecondsLeft(subjectOf(contentId, actor.userId, startedMs), expires, signature, now());
      if (left === null) throw new AppError('not_found', { params: { reason: 'upload_session_not_found' } });
      const repo = uploadsRepo(db);
      const canceled: string[] = [];
      const taken: string[] = [];
      for (const row of await repo.createdSince(contentId, actor.userId, new Date(startedMs))) {
        if (row.status !== 'requested' && row.status !== 'ready') {
          if (row.status === 'preparing' || row.status === 'processing') taken.push(row.id);
          continue;
        }
        // Moved only from requested or ready: an upload the pipeline claims meanwhile stays the pipeline's.
        if (!(await repo.move(row.id, ['requested', 'ready'], 'canceled'))) {
          taken.push(row.id);
          continue;
        }
        canceled.push(row.id);
        await deps.removeBytes(row.id).catch(() => undefined);
      }
      return { canceled, taken };
    },
  };
}
export type UploadSessionService = ReturnType<typeof uploadSessionService>;
