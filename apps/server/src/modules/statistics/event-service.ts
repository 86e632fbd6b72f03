import { japanDateOf, type StatisticEventBody, VISITOR_DAILY_LIMITS } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { statisticsRepo } from './repo.ts';
import { newDailySecret, visitorKey } from './visitor.ts';

/** Publication states in which the viewer shows a vehicle (limited ones behind their password). */
const SHOWN = new Set(['published', 'limited_public']);

export interface StatisticEventDeps {
  db: Db;
  now?: () => Date;
  /** The vehicle a short id names (short ids belong to the publishing area, which answers this). */
  resolveShortId?: (shortId: string) => Promise<string | undefined>;
}

/**
 * The viewer's events: a vehicle shown to buyers, counted at most VISITOR_DAILY_LIMITS times per visitor, kind and
 * Japan day. The visitor is a keyed hash (visitor.ts); the address itself is never written.
 */
export function statisticEventService(deps: StatisticEventDeps) {
  const repo = statisticsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  let cached: { day: string; secret: Buffer } | undefined;

  /** The day's secret; the first event of a day on this node also forgets the visitors and secrets of past days. */
  async function secretOf(day: string): Promise<Buffer> {
    if (cached?.day === day) return cached.secret;
    const secret = await repo.secretOf(day, newDailySecret());
    await repo.sweepBefore(day);
    cached = { day, secret };
    return secret;
  }

  async function contentIdOf(body: StatisticEventBody): Promise<string | undefined> {
    if (body.content_id !== undefined) return body.content_id;
    if (body.short_id !== undefined && deps.resolveShortId) return deps.resolveShortId(body.short_id);
    return undefined;
  }

  return {
    /**
     * Records one event. A vehicle named by content id that does not exist or is not shown to buyers is
     * `not_found`; one named by the viewer's short id is ignored (counted nothing, no error), so the public beacon
     * never tells which short ids exist or are published, and a viewer left open after an unpublish stays quiet.
     */
    async record(body: StatisticEventBody, visitor: { ip: string; userAgent: string }): Promise<{ counted: boolean }> {
      const contentId = await contentIdOf(body);
      const publication = contentId === undefined ? undefined : await repo.publicationOf(contentId);
      if (contentId === undefined || publication === undefined || !SHOWN.has(publication)) {
        if (body.content_id === undefined && body.short_id !== undefined) return { counted: false };
        throw new AppError('not_found');
      }
      const day = japanDateOf(now());
      const key = visitorKey(await secretOf(day), visitor.ip, visitor.userAgent, day);
      const counted = await repo.record({
        day,
        visitor: key,
        contentId,
        kind: body.kind,
        limit: VISITOR_DAILY_LIMITS[body.kind],
      });
      return { counted };
    },
  };
}
export type StatisticEventService = ReturnType<typeof statisticEventService>;
