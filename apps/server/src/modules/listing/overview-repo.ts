import type { LinkEventKind } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { OPEN_STATES } from './repo.ts';

/**
 * The master's reads of the listing link across every dealer (`/cs/report/all`, `/cs/report/accounts`): the partner
 * accounts with their open links, and the link events, each grouped by the company of the user behind them. Reads only;
 * the tables are written by repo.ts.
 */

/** A company of the view: the users' company, or their domain alone when they belong to none. */
export interface CompanyKey {
  company_id: string | null;
  company_name: string | null;
  domain_host: string;
}

/** A Japan period as instants: from the first day's midnight to the midnight after the last (Japan keeps UTC+9). */
const startOf = (day: string) => new Date(`${day}T00:00:00+09:00`);
const endOf = (day: string) => new Date(startOf(day).getTime() + 86_400_000);

/** The company of a row's user, and its domain's host. */
const byCompany = (db: Db) =>
  db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .leftJoin('companies as co', 'co.id', 'u.company_id');

export function overviewRepo(db: Db) {
  return {
    /** The companies whose users have a partner account, with how many, and their links still to make (now). */
    async accountCompanies(): Promise<(CompanyKey & { accounts: number; remaining: number })[]> {
      const open = db
        .selectFrom('listing_links')
        .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('state', 'in', OPEN_STATES)
        .groupBy('user_id')
        .as('o');
      const rows = await byCompany(db)
        .innerJoin('listing_accounts as a', 'a.user_id', 'u.id')
        .leftJoin(open, 'o.user_id', 'u.id')
        .select(['u.company_id', 'co.name as company_name', 'd.host as domain_host'])
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string | null>('o.n').as('open')])
        .groupBy(['u.company_id', 'co.name', 'd.host'])
        .execute();
      return rows.map(({ n, open, ...key }) => ({ ...key, accounts: Number(n), remaining: Number(open ?? 0) }));
    },

    /** The events of a Japan period per company, day and kind. */
    async eventCounts(from: string, to: string) {
      const day = sql<string>`to_char(e.at at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
      const rows = await byCompany(db)
        .innerJoin('listing_events as e', 'e.user_id', 'u.id')
        .where('e.at', '>=', startOf(from))
        .where('e.at', '<', endOf(to))
        .select(['u.company_id', 'co.name as company_name', 'd.host as domain_host', 'e.kind'])
        .select([day.as('day'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(['u.company_id', 'co.name', 'd.host', 'e.kind', day])
        .orderBy(day)
        .execute();
      return rows.map((r) => ({ ...r, kind: r.kind as LinkEventKind, n: Number(r.n) }));
    },

    /** Every partner account with its user and company, by domain, company and user name. */
    accounts() {
      return byCompany(db)
        .innerJoin('listing_accounts as a', 'a.user_id', 'u.id')
        .select(['u.id as user_id', 'u.name as user_name', 'a.login_id', 'a.signed_in'])
        .select(['co.name as company_name', 'd.host as domain_host'])
        .orderBy('d.host')
        .orderBy('co.name')
        .orderBy('u.name')
        .execute();
    },
  };
}
