import type { ContentSort, PublicationState } from '@spinyard/domain';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type ContentScope, visibleContentsSql } from '../../db/visible-contents.ts';
import type { ContentListRow } from './answer.ts';
import type { ContentRecord } from './repo.ts';

export type { ContentScope } from '../../db/visible-contents.ts';

/** The list's conditions as SQL needs them (the service turns the query into these). */
export interface ContentListFilter {
  scope: ContentScope;
  /** Publication states listed; never empty (the service answers an empty page itself). */
  states: readonly PublicationState[];
  /** Keywords; each must match a searchable text or the owner's name, in any case. */
  keywords: readonly string[];
  has_exterior?: boolean | undefined;
  has_interior?: boolean | undefined;
  has_rider_view?: boolean | undefined;
  has_category_images?: boolean | undefined;
  has_web_negotiation?: boolean | undefined;
  /** With (true) or without (false) a listing-service link in any state. */
  listing_link?: boolean | undefined;
  maker?: string | undefined;
  body_color?: string | undefined;
  first_registration_year?: number | undefined;
  repair_history?: 'yes' | 'no' | undefined;
  owner_user_id?: string | undefined;
  period?: { column: 'created_at' | 'updated_at'; from: Date; until: Date } | undefined;
}

type Eb = ExpressionBuilder<Database, 'contents'>;

/** The searchable texts, lower-cased, one a line: a generated column (migration 0010) with its trigram index. */
export const SEARCH_TEXT = sql.ref('contents.search_text');

/** Written as literals (fixed names from the domain) so PostgreSQL matches the partial sort indexes. */
const statesList = (states: readonly PublicationState[]) =>
  sql.join(
    states.map((s) => sql.lit(s)),
    sql`, `,
  );

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORTS: Record<ContentSort, { column: 'created_at' | 'updated_at'; direction: 'asc' | 'desc' }> = {
  created_desc: { column: 'created_at', direction: 'desc' },
  created_asc: { column: 'created_at', direction: 'asc' },
  updated_desc: { column: 'updated_at', direction: 'desc' },
  updated_asc: { column: 'updated_at', direction: 'asc' },
};

/** Columns of a list row (answer.ts ContentListRow). */
const LIST_COLUMNS = [
  'contents.id',
  'contents.management_id',
  'contents.maker',
  'contents.car_name',
  'contents.body_color',
  'contents.first_registration_year',
  'contents.first_registration_month',
  'contents.chassis_number',
  'contents.listing_id',
  'contents.owner_user_id',
  'contents.creator_user_id',
  'contents.publication',
  'contents.vr_mode',
  'contents.limited_password_enabled',
  'contents.listing_link',
  'contents.has_exterior',
  'contents.has_interior',
  'contents.has_rider_view',
  'contents.has_category_images',
  'contents.has_web_negotiation',
  'contents.thumbnail_key',
  'contents.created_at',
  'contents.updated_at',
] as const;

/** A vehicle as the CSV download writes it: every column and the owner's name. */
export type ContentCsvRow = Omit<
  ContentRecord,
  | 'owner_parent_id'
  | 'owner_image_system'
  | 'creator_name'
  | 'domain_options'
  | 'domain_host_flags'
  | 'short_id'
  | 'short_base_url'
>;

/** Users of the scope whose name contains the keyword (the owner part of a keyword match). */
async function ownersNamed(db: Db, scope: ContentScope, keyword: string): Promise<string[]> {
  let q = db
    .selectFrom('users')
    .select('users.id')
    .where(sql<boolean>`lower(users.name) like lower(${containsPattern(keyword)})`);
  if (scope.kind !== 'all') q = q.where('users.domain_id', '=', scope.domainId);
  if (scope.kind === 'self') q = q.where('users.id', '=', scope.userId);
  return (await q.execute()).map((r) => r.id);
}

/** A row's owner name, read by key (a join would hash every user for a page of rows). */
const ownerName = (eb: ExpressionBuilder<Database, 'contents'>) =>
  eb
    .selectFrom('users as o')
    .select('o.name')
    .whereRef('o.id', '=', 'contents.owner_user_id')
    .$asScalar()
    .$notNull()
    .as('owner_name');

/** The list's conditions as one SQL condition (the keywords' owners looked up first). */
async function whereOf(db: Db, f: ContentListFilter) {
  const owners = await Promise.all(f.keywords.map((k) => ownersNamed(db, f.scope, k)));
  return (eb: Eb): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [
      visibleContentsSql(f.scope, 'contents'),
      sql<boolean>`contents.publication in (${statesList(f.states)})`,
    ];
    f.keywords.forEach((keyword, i) => {
      const text = sql<boolean>`${SEARCH_TEXT} like lower(${containsPattern(keyword)})`;
      const named = owners[i] ?? [];
      if (named.length === 0) {
        all.push(text);
        return;
      }
      // The tenant repeated inside the text's branch lets each branch use its own index (the tenant's trigram
      // index, the owner index) and PostgreSQL join their rows, instead of reading the whole tenant for the OR.
      const inTenant = f.scope.kind === 'all' ? text : eb.and([eb('contents.domain_id', '=', f.scope.domainId), text]);
      all.push(eb.or([inTenant, eb('contents.owner_user_id', 'in', named)]));
    });
    for (const flag of [
      'has_exterior',
      'has_interior',
      'has_rider_view',
      'has_category_images',
      'has_web_negotiation',
    ] as const) {
      const wanted = f[flag];
      if (wanted !== undefined) all.push(eb(`contents.${flag}`, '=', wanted));
    }
    if (f.listing_link !== undefined) all.push(eb('contents.listing_link', f.listing_link ? '<>' : '=', 'none'));
    if (f.maker) {
      // The maker is part of the searchable text, so its trigram index narrows the rows the maker is read in.
      const pattern = containsPattern(f.maker);
      all.push(sql<boolean>`${SEARCH_TEXT} like lower(${pattern})`);
      all.push(sql<boolean>`lower(contents.maker) like lower(${pattern})`);
    }
    if (f.body_color) all.push(sql<boolean>`lower(contents.body_color) like lower(${containsPattern(f.body_color)})`);
    if (f.first_registration_year !== undefined) {
      all.push(eb('contents.first_registration_year', '=', f.first_registration_year));
    }
    if (f.repair_history) all.push(eb('contents.repair_history', '=', f.repair_history));
    if (f.owner_user_id) all.push(eb('contents.owner_user_id', '=', f.owner_user_id));
    if (f.period) {
      all.push(eb(`contents.${f.period.column}`, '>=', f.period.from));
      all.push(eb(`contents.${f.period.column}`, '<', f.period.until));
    }
    return eb.and(all);
  };
}

/**
 * SQL of the vehicle list: the page (ids first through the sort index, then only those rows: a deep page skips
 * index entries instead of fetching rows it throws away), its total, the owners a keyword names, and the CSV's
 * rows read in key order a batch at a time.
 */
export function contentListRepo(db: Db) {
  return {
    /**
     * The filtered list, ready to be counted and paged: the owners its keywords name are looked up once, then the
     * count and the page are separate queries the caller runs at once on two connections.
     */
    async select(f: ContentListFilter) {
      const where = await whereOf(db, f);
      return {
        async count(): Promise<number> {
          const row = await db
            .selectFrom('contents')
            .select(sql<number>`count(*)::int`.as('total'))
            .where(where)
            .executeTakeFirstOrThrow();
          return row.total;
        },

        /**
         * One page in the sort's order, in one query: the page's ids through the sort index (a deep page skips
         * index entries instead of fetching rows it throws away), then only those rows by key, each with its
         * owner's name read by key (a join would hash every user for 200 rows).
         */
        async rows(sort: ContentSort, page: { limit: number; offset: number }): Promise<ContentListRow[]> {
          const { column, direction } = SORTS[sort];
          return db
            .with('page', (qb) =>
              qb
                .selectFrom('contents')
                .select('contents.id')
                .where(where)
                .orderBy(`contents.${column}`, direction)
                .orderBy('contents.id', direction)
                .limit(page.limit)
                .offset(page.offset),
            )
            .selectFrom('page')
            .innerJoin('contents', 'contents.id', 'page.id')
            .select(LIST_COLUMNS)
            .select(ownerName)
            .orderBy(`contents.${column}`, direction)
            .orderBy('contents.id', direction)
            .execute();
        },
      };
    },

    /**
     * The filtered vehicles in the sort's order, `batch` rows per query, each batch starting after the last key
     * read (no offset, no transaction held open): what the CSV download writes as it reads.
     */
    async *batches(f: ContentListFilter, sort: ContentSort, batch: number): AsyncGenerator<ContentCsvRow[]> {
      const where = await whereOf(db, f);
      const { column, direction } = SORTS[sort];
      const after = direction === 'desc' ? sql.raw('<') : sql.raw('>');
      let last: { key: string; id: string } | null = null;
      for (;;) {
        const from: { key: string; id: string } | null = last;
        const rows: (ContentCsvRow & { sort_key: string })[] = await db
          .selectFrom('contents')
          .selectAll('contents')
          .select(ownerName)
          // The key as text keeps PostgreSQL's microseconds, which a JavaScript Date would drop.
          .select(sql<string>`${sql.ref(`contents.${column}`)}::text`.as('sort_key'))
          .where(where)
          .$if(from !== null, (q) =>
            q.where(
              sql<boolean>`(${sql.ref(`contents.${column}`)}, contents.id) ${after} (${from?.key}::timestamptz, ${from?.id}::bigint)`,
            ),
          )
          .orderBy(`contents.${column}`, direction)
          .orderBy('contents.id', direction)
          .limit(batch)
          .execute();
        if (rows.length === 0) return;
        yield rows.map(({ sort_key: _key, ...row }) => row);
        const tail = rows[rows.length - 1];
        if (rows.length < batch || tail === undefined) return;
        last = { key: tail.sort_key, id: tail.id };
      }
    },
  };
}
export type ContentListRepo = ReturnType<typeof contentListRepo>;
