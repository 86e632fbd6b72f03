import { Readable } from 'node:stream';
import {
  csvRecord,
  periodDays,
  STATISTIC_CSV_HEADER,
  STATISTIC_KINDS,
  type StatisticChartAnswer,
  type StatisticChartQuery,
  type StatisticDay,
  statisticCsvFileName,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { contentScopeOf } from '../contents/list-service.ts';
import { type ChartFilter, type CsvRow, statisticsRepo } from './repo.ts';

/** Excel reads a UTF-8 file as UTF-8 only after this mark. */
const UTF8_BOM = '\uFEFF';
/** Lines read per query while the file streams. */
const CSV_BATCH = 1000;

const csvCells = (r: CsvRow): string[] => [
  r.day,
  r.content_id,
  r.management_id,
  r.maker,
  r.car_name,
  ...STATISTIC_KINDS.map((k) => String(r[k] ?? 0)),
];

const zeroDay = (day: string): StatisticDay => ({ day, view: 0, spin: 0, interior_open: 0, hotspot_open: 0 });

/**
 * The chart of `/statistic/chart` and its CSV: every role sees statistics ("Statistics is always shown"), each over
 * the vehicles they may see (master all, super the tenant, admin the team, normal their own). A chosen vehicle
 * outside that is `not_found`, like any vehicle of another tenant.
 */
export function statisticChartService(db: Db) {
  const repo = statisticsRepo(db);

  async function filterOf(actor: Actor, q: StatisticChartQuery): Promise<ChartFilter> {
    const caller = await loadCaller(db, actor);
    const scope = contentScopeOf(caller.permission);
    const ids = [...new Set(q.content_ids ?? [])];
    if (ids.length > 0 && (await repo.visibleIds(scope, ids)).length !== ids.length) throw new AppError('not_found');
    return { scope, from: q.from, to: q.to, contentIds: ids };
  }

  return {
    async chart(actor: Actor, q: StatisticChartQuery): Promise<StatisticChartAnswer> {
      const rows = await repo.chart(await filterOf(actor, q));
      const byDay = new Map(periodDays(q.from, q.to).map((day) => [day, zeroDay(day)]));
      const totals = { view: 0, spin: 0, interior_open: 0, hotspot_open: 0 };
      for (const row of rows) {
        const day = byDay.get(row.day);
        if (!day) continue;
        day[row.kind] += row.count;
        totals[row.kind] += row.count;
      }
      return { from: q.from, to: q.to, days: [...byDay.values()], totals };
    },

    /** The file as a stream: the BOM and header, then each batch of lines, every cell neutralised (csvRecord). */
    async csv(actor: Actor, q: StatisticChartQuery): Promise<{ fileName: string; stream: Readable }> {
      const filter = await filterOf(actor, q);
      async function* chunks(): AsyncGenerator<string> {
        yield UTF8_BOM + csvRecord([...STATISTIC_CSV_HEADER]);
        for await (const rows of repo.csvRows(filter, CSV_BATCH)) {
          let text = '';
          for (const row of rows) text += csvRecord(csvCells(row));
          yield text;
        }
      }
      return { fileName: statisticCsvFileName(q.from, q.to), stream: Readable.from(chunks(), { objectMode: false }) };
    },
  };
}
export type StatisticChartService = ReturnType<typeof statisticChartService>;
