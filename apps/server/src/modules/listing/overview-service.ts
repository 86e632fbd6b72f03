import type { Readable } from 'node:stream';
import {
  CRITEO_FIGURES,
  CS_CRITEO_CSV_HEADER,
  CS_OVERVIEW_CSV_HEADER,
  type CsCriteoAnswer,
  type CsOverviewAnswer,
  type CsOverviewCompany,
  type CsOverviewDay,
  type CsReportAccountsAnswer,
  canSeeMasterStatistics,
  csReportFileName,
  LINK_EVENT_KINDS,
  LINK_STATISTICS,
  type LinkEventKind,
  periodDays,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import { csvStream } from '../../http/csv-stream.ts';
import type { AdDay } from '../../platform/listing/port.ts';
import { enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import type { AccountServiceDeps } from './account-service.ts';
import { type CompanyKey, overviewRepo } from './overview-repo.ts';
import { listingRepo } from './repo.ts';
import { appErrorOf, listingSessions } from './sessions.ts';

interface Period {
  from: string;
  to: string;
}

type Csv = { fileName: string; stream: Readable };

const keyOf = (c: CompanyKey) => `${c.company_id ?? ''}|${c.domain_host}`;
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const busiest = (c: CsOverviewCompany) => LINK_STATISTICS.reduce((sum, k) => sum + c[k], 0);

/**
 * The master's listing reports (the statistics submenu's master entries): every dealer's link statistics per company
 * and day from our own records, and one dealer's advertising report from the partner with that dealer's session.
 * Anyone but master is refused (403), as the menu hides the entries from them.
 */
export function listingOverviewService(deps: AccountServiceDeps) {
  const { db, partner } = deps;
  const repo = overviewRepo(db);
  const sessions = listingSessions(deps);

  async function master(actor: Actor): Promise<void> {
    enforce(canSeeMasterStatistics((await loadCaller(db, actor)).permission));
  }

  /** The dealer's advertising days, with their own partner session; a user without an account is not found. */
  async function adDays(actor: Actor, q: Period & { user_id: string }): Promise<AdDay[]> {
    await master(actor);
    if (!(await listingRepo(db).account(q.user_id))) throw new AppError('not_found');
    try {
      return await sessions.withSession(q.user_id, (s) => partner.adReport(s, { from: q.from, to: q.to }));
    } catch (error) {
      throw appErrorOf(error);
    }
  }

  return {
    async overview(actor: Actor, q: Period): Promise<CsOverviewAnswer> {
      await master(actor);
      const [companies, events] = await Promise.all([repo.accountCompanies(), repo.eventCounts(q.from, q.to)]);
      const rows = new Map<string, CsOverviewCompany>();
      const rowOf = (c: CompanyKey) => {
        const key = keyOf(c);
        const row = rows.get(key) ?? {
          company_id: c.company_id,
          company_name: c.company_name,
          domain_host: c.domain_host,
          accounts: 0,
          ...zeros(LINK_STATISTICS),
        };
        rows.set(key, row);
        return row;
      };
      for (const c of companies) Object.assign(rowOf(c), { accounts: c.accounts, remaining: c.remaining });
      const days = new Map<string, CsOverviewDay>(
        periodDays(q.from, q.to).map((day) => [day, { day, ...zeros(LINK_EVENT_KINDS) }]),
      );
      for (const e of events) {
        rowOf(e)[e.kind] += e.n;
        const day = days.get(e.day);
        if (day) day[e.kind] += e.n;
      }
      const list = [...rows.values()].sort(
        (a, b) => busiest(b) - busiest(a) || a.domain_host.localeCompare(b.domain_host),
      );
      const totals = zeros(LINK_STATISTICS);
      for (const row of list) for (const k of LINK_STATISTICS) totals[k] += row[k];
      return { from: q.from, to: q.to, days: [...days.values()], companies: list, totals };
    },

    /** One line per company and day with any event (a period of at most a month: one read). */
    async overviewCsv(actor: Actor, q: Period): Promise<Csv> {
      await master(actor);
      const lines = new Map<string, CompanyKey & { day: string } & Record<LinkEventKind, number>>();
      for (const e of await repo.eventCounts(q.from, q.to)) {
        const key = `${e.day}|${keyOf(e)}`;
        const line = lines.get(key) ?? { ...e, ...zeros(LINK_EVENT_KINDS) };
        line[e.kind] += e.n;
        lines.set(key, line);
      }
      const cells = (l: CompanyKey & { day: string } & Record<LinkEventKind, number>) => [
        l.day,
        l.domain_host,
        l.company_id ?? '',
        l.company_name ?? '',
        ...LINK_EVENT_KINDS.map((k) => String(l[k])),
      ];
      const stream = csvStream(CS_OVERVIEW_CSV_HEADER, [[...lines.values()]], cells);
      return { fileName: csReportFileName('listing_statistics', q.from, q.to), stream };
    },

    async accounts(actor: Actor): Promise<CsReportAccountsAnswer> {
      await master(actor);
      return { items: await repo.accounts() };
    },

    async criteo(actor: Actor, q: Period & { user_id: string }): Promise<CsCriteoAnswer> {
      const days = await adDays(actor, q);
      const totals = zeros(CRITEO_FIGURES);
      for (const d of days) for (const k of CRITEO_FIGURES) totals[k] += d[k];
      return { from: q.from, to: q.to, days, totals };
    },

    async criteoCsv(actor: Actor, q: Period & { user_id: string }): Promise<Csv> {
      const days = await adDays(actor, q);
      const cells = (d: AdDay) => [d.day, ...CRITEO_FIGURES.map((k) => String(d[k]))];
      const stream = csvStream(CS_CRITEO_CSV_HEADER, [days], cells);
      return { fileName: csReportFileName('listing_ads', q.from, q.to), stream };
    },
  };
}

export type ListingOverviewService = ReturnType<typeof listingOverviewService>;
