import { isRunningProcess, type RunningProcess } from '@spinyard/domain';
import { sql } from 'kysely';
import { bossDbOf } from '../../db/boss-db.ts';
import type { Db } from '../../db/database.ts';
import type { ProcessStatus } from '../../db/schema.ts';
import { type ContentScope, visibleContentsSql } from '../../db/visible-contents.ts';
import type { ContentProcessRow } from '../contents/repo.ts';

import { type ContentAudience, PROCESS_CHANNEL, type ProcessNotice } from './notice.ts';

export { type ContentAudience, PROCESS_CHANNEL, type ProcessNotice };

export interface NewProcess {
  contentId: string;
  process: RunningProcess;
  actorUserId: string | null;
  payload?: Record<string, unknown>;
}

/** SQL of `content_processes`, the background processes running on vehicles, and their NOTIFY. */
export function processRepo(db: Db) {
  return {
    /** The processes still queued or running on these vehicles, by vehicle. */
    async runningOn(contentIds: readonly string[]): Promise<Map<string, RunningProcess[]>> {
      const out = new Map<string, RunningProcess[]>();
      if (contentIds.length === 0) return out;
      const rows = await db
        .selectFrom('content_processes')
        .select(['content_id', 'process'])
        .where('content_id', 'in', contentIds)
        .where('status', 'in', ['queued', 'running'])
        .orderBy('started_at')
        .execute();
      for (const row of rows) {
        if (!isRunningProcess(row.process)) continue;
        const list = out.get(row.content_id) ?? [];
        list.push(row.process);
        out.set(row.content_id, list);
      }
      return out;
    },

    async insert(values: readonly NewProcess[]): Promise<ContentProcessRow[]> {
      if (values.length === 0) return [];
      return db
        .insertInto('content_processes')
        .values(
          values.map((v) => ({
            content_id: v.contentId,
            process: v.process,
            status: 'queued' as const,
            actor_user_id: v.actorUserId,
            payload: JSON.stringify(v.payload ?? {}),
          })),
        )
        .returningAll()
        .execute();
    },

    async find(id: string): Promise<ContentProcessRow | undefined> {
      return db.selectFrom('content_processes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The row, locked until the transaction ends: a second worker on the same process waits, then sees it done. */
    async lock(id: string): Promise<ContentProcessRow | undefined> {
      return db.selectFrom('content_processes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Changes a process and beats its heart (any change is a sign of life); answers the row as it now is. */
    async change(
      id: string,
      values: {
        status?: ProcessStatus;
        progress?: number;
        error?: string | null;
        finished?: boolean;
        attemptStarted?: boolean;
        /** Only a row still queued or running changes (a worker's progress never revives an ended process). */
        whileOpen?: boolean;
      },
    ): Promise<ContentProcessRow | undefined> {
      let update = db
        .updateTable('content_processes')
        .set({
          heartbeat_at: sql`now()`,
          ...(values.status === undefined ? {} : { status: values.status }),
          ...(values.progress === undefined ? {} : { progress: values.progress }),
          ...(values.error === undefined ? {} : { error: values.error }),
          ...(values.finished ? { finished_at: sql`now()` } : {}),
          ...(values.attemptStarted ? { attempts: sql`attempts + 1` } : {}),
        })
        .where('id', '=', id);
      if (values.whileOpen) update = update.where('status', 'in', ['queued', 'running']);
      return update.returningAll().executeTakeFirst();
    },

    /** Adds what a process produced to its payload (a copy's new vehicle), kept for support questions. */
    async addToPayload(id: string, values: Record<string, unknown>): Promise<void> {
      await db
        .updateTable('content_processes')
        .set({ payload: sql`payload || ${JSON.stringify(values)}::jsonb` })
        .where('id', '=', id)
        .execute();
    },

    /** Queued or running processes whose last sign of life is older than `staleBefore`, locked, skipping held ones. */
    async lockStale(staleBefore: Date, limit: number): Promise<ContentProcessRow[]> {
      return db
        .selectFrom('content_processes')
        .selectAll()
        .where('status', 'in', ['queued', 'running'])
        .where('heartbeat_at', '<', staleBefore)
        .orderBy('heartbeat_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    /** Who may see the vehicle now: its owner's domain, the owner and the owner's parent. */
    async audienceOf(contentId: string): Promise<ContentAudience | undefined> {
      return db
        .selectFrom('contents as c')
        .innerJoin('users as o', 'o.id', 'c.owner_user_id')
        .select(['c.domain_id', 'c.owner_user_id as owner_id', 'o.parent_user_id as owner_parent_id'])
        .where('c.id', '=', contentId)
        .executeTakeFirst();
    },

    /** A user as an audience (a transfer's former owner keeps seeing how it ended). */
    async audienceOfUser(userId: string): Promise<ContentAudience | undefined> {
      return db
        .selectFrom('users')
        .select(['domain_id', 'id as owner_id', 'parent_user_id as owner_parent_id'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Sent when the transaction commits, and not at all when it rolls back: listeners never see a change undone. */
    async notify(notice: ProcessNotice): Promise<void> {
      await sql`select pg_notify(${PROCESS_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);
    },

    /**
     * The queued and running processes of the vehicles the scope sees (the same rule as canSeeContent), newest
     * first, optionally only on some vehicles.
     */
    async runningVisible(
      scope: ContentScope,
      options: { contentIds?: readonly string[] | undefined; limit: number },
    ): Promise<ContentProcessRow[]> {
      let q = db
        .selectFrom('content_processes as p')
        .innerJoin('contents as c', 'c.id', 'p.content_id')
        .selectAll('p')
        .where('p.status', 'in', ['queued', 'running'])
        .where('c.publication', '<>', 'permanently_deleted')
        .where(visibleContentsSql(scope, 'c'));
      if (options.contentIds !== undefined) q = q.where('p.content_id', 'in', options.contentIds);
      return q.orderBy('p.started_at', 'desc').orderBy('p.id', 'desc').limit(options.limit).execute();
    },

    /** pg-boss's connection interface over this repository's connection, so a job is enqueued in its transaction. */
    bossDb() {
      return bossDbOf(db);
    },
  };
}
export type ProcessRepo = ReturnType<typeof processRepo>;
