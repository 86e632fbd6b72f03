import { type AnalyticsSettingsAnswer, type AnalyticsSettingsBody, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { analyticsTagRefusal, assertEditable, lockVisible, visibleOrNotFound } from './content-service.ts';
import { type ContentRecord, contentsRepo } from './repo.ts';

/**
 * `/analytics_settings`: the vehicle's analytics tag alone (the whole-record update writes the same two columns
 * under the same rule, content-service.ts analyticsTagRefusal). A change reaches a published page through the publishing hook that
 * follows every content-API write naming a vehicle (publishing/hide-hook.ts): the tag counts as hiding, so the
 * page is built again at once.
 */

function answerOf(row: ContentRecord): AnalyticsSettingsAnswer {
  const available = readDomainOptions(row.domain_options).analytics_tag;
  return {
    content_id: row.id,
    enabled: row.analytics_tag_enabled,
    tag: row.analytics_tag,
    available,
    served: available && row.analytics_tag_enabled && row.analytics_tag !== '',
  };
}

export function analyticsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async get(actor: Actor, contentId: string): Promise<AnalyticsSettingsAnswer> {
      const caller = await loadCaller(db, actor);
      return answerOf(visibleOrNotFound(caller, await contentsRepo(db).find(contentId)));
    },

    /** Sets both, as the vehicle's update would: not while deleted, linked or locked by a process. */
    async set(actor: Actor, body: AnalyticsSettingsBody): Promise<AnalyticsSettingsAnswer> {
      const caller = await loadCaller(db, actor);
      return db.transaction().execute(async (trx) => {
        const row = await lockVisible(trx, caller, body.content_id);
        await assertEditable(trx, row);
        const stored = { enabled: row.analytics_tag_enabled, tag: row.analytics_tag };
        const refusal = analyticsTagRefusal(caller, stored, { enabled: body.enabled, tag: body.tag }, 'enabled');
        if (refusal) throw refusal;
        const repo = contentsRepo(trx);
        await repo.update(row.id, { analytics_tag_enabled: body.enabled, analytics_tag: body.tag });
        const after = await repo.find(row.id);
        if (!after) throw new AppError('not_found');
        return answerOf(after);
      });
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
