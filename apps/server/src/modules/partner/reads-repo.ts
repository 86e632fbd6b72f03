import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { onPage } from '../sql.ts';

/** A page of one domain's rows, and a month's bounds when the caller narrowed to one. */
export interface ReadFilter {
  domainId: string;
  page: number;
  limit: number;
  range?: { start: Date; end: Date } | undefined;
}

export interface BillingLine {
  corporation_code: string;
  corporation_name: string;
  location_code: string | null;
  location_name: string | null;
  department: string;
  job_number: string;
  authorizer_job_number: string;
  user_id: string;
  user_name: string;
  registered: number;
  created: number;
  published: number;
}

const BILL_COLUMNS = [
  'i.id',
  'i.number',
  'i.user_id',
  'u.name as user_name',
  'i.plan_id',
  'i.currency',
  'i.status',
  'i.issued_at',
  'i.total_without_tax',
  'i.tax',
  'i.total_with_tax',
] as const;
const CONTENT_COLUMNS = [
  'c.id',
  'c.management_id',
  'c.maker',
  'c.car_name',
  'c.owner_user_id',
  'c.company_id',
  'c.publication',
  'c.listing_link',
  'c.created_at',
  'c.updated_at',
] as const;
const COMPANY_COLUMNS = [
  'c.id',
  'c.name',
  'c.corporate_code',
  'c.store_code',
  'c.tel',
  'c.prefecture',
  'c.city',
  'c.street',
  'c.created_at',
  'c.updated_at',
] as const;

/** A page of the query's rows in its order, and how many rows the whole query has. */
export async function paged<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, f: ReadFilter) {
  const [rows, count] = await Promise.all([
    onPage(query, f).execute(),
    query.clearSelect().clearOrderBy().select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number((count as { n?: string } | undefined)?.n ?? 0) };
}

/**
 * What the reporting API reads of one domain: invoices, companies and vehicles (tables of other areas, read only),
 * each page in id order; the listing links in linkage-repo.ts.
 */
export function partnerReadsRepo(db: Db) {
  const bills = (f: ReadFilter) => {
    let q = db
      .selectFrom('invoices as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .where('u.domain_id', '=', f.domainId);
    if (f.range) q = q.where('i.issued_at', '>=', f.range.start).where('i.issued_at', '<', f.range.end);
    return q;
  };
  const companies = (f: ReadFilter, kind: 'headquarters' | 'branch') =>
    db.selectFrom('companies as c').where('c.domain_id', '=', f.domainId).where('c.kind', '=', kind);
  const contents = (f: ReadFilter) => {
    let q = db
      .selectFrom('contents as c')
      .where('c.domain_id', '=', f.domainId)
      .where('c.publication', '<>', 'permanently_deleted');
    if (f.range) q = q.where('c.created_at', '>=', f.range.start).where('c.created_at', '<', f.range.end);
    return q;
  };

  return {
    bills: (f: ReadFilter) => paged(bills(f).select(BILL_COLUMNS).orderBy('i.id'), f),

    corporations: (f: ReadFilter) =>
      paged(
        companies(f, 'headquarters')
          .select(COMPANY_COLUMNS)
          .select((eb) =>
            eb
              .selectFrom('companies as b')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('b.parent_company_id', '=', 'c.id')
              .as('location_count'),
          )
          .orderBy('c.id'),
        f,
      ),

    contacts: (f: ReadFilter) =>
      paged(companies(f, 'branch').select(COMPANY_COLUMNS).select('c.parent_company_id').orderBy('c.id'), f),

    contents: (f: ReadFilter) => paged(contents(f).select(CONTENT_COLUMNS).orderBy('c.id'), f),
  };
}

/** What the partner billing report reads of one domain. */
export function billingReadsRepo(db: Db) {
  return {
    /**
     * The partner billing report's lines: each user of a corporation (headquarters) or one of its locations
     * (branches), with their vehicles of the month: registered at its end, created in it, published at its end.
     */
    async billingLines(q: { domainId: string; headquartersId?: string | undefined; start: Date; end: Date }) {
      const registered = sql<boolean>`(v.deleted_at is null or v.deleted_at >= ${q.end})`;
      const { rows } = await sql<BillingLine>`
        select hq.corporate_code as corporation_code, hq.name as corporation_name,
               case when co.kind = 'branch' then co.store_code end as location_code,
               case when co.kind = 'branch' then co.name end as location_name,
               u.department, u.job_number, u.authorizer_job_number, u.id as user_id, u.name as user_name,
               count(v.id) filter (where ${registered})::int as registered,
               count(v.id) filter (where v.created_at >= ${q.start})::int as created,
               count(v.id) filter (where v.publication in ('published', 'limited_public') and ${registered})::int
                 as published
        from users u
        join companies co on co.id = u.company_id
        join companies hq on hq.id = coalesce(co.parent_company_id, co.id) and hq.kind = 'headquarters'
        left join contents v on v.owner_user_id = u.id and v.created_at < ${q.end}
          and (v.deleted_at is null or v.deleted_at >= ${q.start})
        where u.domain_id = ${q.domainId} and u.deleted_at is null
          and (${q.headquartersId ?? null}::bigint is null or hq.id = ${q.headquartersId ?? null}::bigint)
        group by hq.id, co.id, u.id
        order by hq.id, co.kind desc, co.id, u.id`.execute(db);
      return rows;
    },

    /** A headquarters of the domain, or undefined. */
    headquartersOf(domainId: string, id: string) {
      return db
        .selectFrom('companies')
        .select('id')
        .where('id', '=', id)
        .where('domain_id', '=', domainId)
        .where('kind', '=', 'headquarters')
        .executeTakeFirst();
    },

    /** The domain's company code: the partner's code in the report (0006, 0008, 0016, 0021...). */
    async companyCodeOf(domainId: string): Promise<string | undefined> {
      const row = await db.selectFrom('domains').select('company_code').where('id', '=', domainId).executeTakeFirst();
      return row?.company_code;
    },
  };
}
