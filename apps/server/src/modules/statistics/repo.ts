import type { PublicationState, StatisticKind } from '@spinyard/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type ContentScope, visibleContentsSql } from '../../db/visible-contents.ts';

export interface ChartFilter {
  scope: ContentScope;
  /** Japan dates, both included. */
  from: string;
  to: string;
  /** Only these vehicles (already checked visible); absent: every vehicle of the scope. */
  contentIds?: readonly string[] | undefined;
}

export interface CsvRow {
  day: string;
  content_id: string;
  management_id: string;
  maker: string;
  car_name: string;
  view: number;
  spin: number;
  interior_open: number;
  hotspot_open: number;
}

function chartWhere(f: ChartFilter): RawBuilder<boolean> {
  const ids =
    f.contentIds && f.contentIds.length > 0
      ? sql<boolean>`s.content_id in (${sql.join(f.contentIds.map((id) => sql`${id}::bigint`))})`
      : sql<boolean>`true`;
  return sql<boolean>`s.day between ${f.from}::date and ${f.to}::date and ${ids}
    and s.content_id in (
      select c.id from contents c join users o on o.id = c.owner_user_id
      where ${visibleContentsSql(f.scope, 'c')} and c.publication <> 'permanently_deleted')`;
}

/** SQL of the statistics area: the daily counters, the per-visitor bound and the day's secret. */
export function statisticsRepo(db: Db) {
  return {
    async publicationOf(contentId: string): Promise<PublicationState | undefined> {
      const row = await db.selectFrom('contents').select('publication').where('id', '=', contentId).executeTakeFirst();
      return row?.publication;
    },

    /** The day's secret, made by whichever node asks first. */
    async secretOf(day: string, fresh: Buffer): Promise<Buffer> {
      await sql`insert into statistic_secrets (day, secret) values (${day}::date, ${fresh})
        on conflict (day) do nothing`.execute(db);
      const { rows } = await sql<{ secret: Buffer }>`
        select secret from statistic_secrets where day = ${day}::date`.execute(db);
      const row = rows[0];
      if (!row) throw new Error(`No statistics secret for ${day}`);
      return row.secret;
    },

    /**
     * One event: the visitor's count of the kind on the vehicle today goes up unless it has reached `limit`, and the
     * daily counter goes up only when it did. One statement, so concurrent events of one visitor cannot pass the bound.
     */
    async record(e: { day: string; visitor: Buffer; contentId: string; kind: StatisticKind; limit: number }) {
      const { numAffectedRows } = await sql`
        with counted as (
          insert into statistic_visitors (day, visitor_key, content_id, kind, count)
          values (${e.day}::date, ${e.visitor}, ${e.contentId}, ${e.kind}, 1)
          on conflict (day, visitor_key, content_id, kind) do update set count = statistic_visitors.count + 1
            where statistic_visitors.count < ${e.limit}
          returning 1
        )
        insert into statistic_counts (content_id, day, kind, count)
        select ${e.contentId}, ${e.day}::date, ${e.kind}, 1 from counted
        on conflict (content_id, day, kind) do update set count = statistic_counts.count + 1`.execute(db);
      return Number(numAffectedRows ?? 0) > 0;
    },

    /** Forgets the visitors and secrets of days before `day`; answers how many rows of each went. */
    async sweepBefore(day: string): Promise<{ visitors: number; secrets: number }> {
      const visitors = await sql`delete from statistic_visitors where day < ${day}::date`.execute(db);
      const secrets = await sql`delete from statistic_secrets where day < ${day}::date`.execute(db);
      return { visitors: Number(visitors.numAffectedRows ?? 0), secrets: Number(secrets.numAffectedRows ?? 0) };
    },

    /** Of `ids`, those the scope sees (and not deleted for good). */
    async visibleIds(scope: ContentScope, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: string }>`
        select c.id from contents c join users o on o.id = c.owner_user_id
        where ${visibleContentsSql(scope, 'c')} and c.publication <> 'permanently_deleted'
          and c.id in (${sql.join(ids.map((id) => sql`${id}::bigint`))})`.execute(db);
      return rows.map((r) => r.id);
    },

    /** Sums per day and kind over the filter's vehicles. */
    async chart(f: ChartFilter): Promise<{ day: string; kind: StatisticKind; count: number }[]> {
      const { rows } = await sql<{ day: string; kind: StatisticKind; count: number }>`
        select to_char(s.day, 'YYYY-MM-DD') as day, s.kind, sum(s.count)::int as count
        from statistic_counts s
        where ${chartWhere(f)}
        group by s.day, s.kind`.execute(db);
      return rows;
    },

    /** The CSV's lines (one per vehicle and day with a count), a batch at a time in (day, vehicle) order. */
    async *csvRows(f: ChartFilter, batch: number): AsyncGenerator<CsvRow[]> {
      let after = { day: '0001-01-01', id: '0' };
      for (;;) {
        const { rows } = await sql<CsvRow>`
          select to_char(s.day, 'YYYY-MM-DD') as day, s.content_id, c.management_id, c.maker, c.car_name,
                 (sum(s.count) filter (where s.kind = 'view'))::int as view,
                 (sum(s.count) filter (where s.kind = 'spin'))::int as spin,
                 (sum(s.count) filter (where s.kind = 'interior_open'))::int as interior_open,
                 (sum(s.count) filter (where s.kind = 'hotspot_open'))::int as hotspot_open
          from statistic_counts s join contents c on c.id = s.content_id
          where ${chartWhere(f)} and (s.day, s.content_id) > (${after.day}::date, ${after.id}::bigint)
          group by s.day, s.content_id, c.management_id, c.maker, c.car_name
          order by s.day, s.content_id
          limit ${batch}`.execute(db);
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1];
        if (rows.length < batch || last === undefined) return;
        after = { day: last.day, id: last.content_id };
      }
    },
  };
}
export type StatisticsRepo = ReturnType<typeof statisticsRepo>;
