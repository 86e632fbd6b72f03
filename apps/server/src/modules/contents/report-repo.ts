import type { PublicationState } from '@spinyard/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type ContentScope, visibleContentsSql } from '../../db/visible-contents.ts';
import { keysetPages } from '../sql.ts';

export interface ReportFilter {
  /** Whose vehicles: the list's scope (canSeeContent as SQL). */
  scope: ContentScope;
  /** The month's first instant and the next month's first instant. */
  start: Date;
  end: Date;
  /** Whether vehicles sleeping at the month's end are in the report. */
  withSleeping: boolean;
}

export interface ReportDetailRow {
  id: string;
  management_id: string;
  maker: string;
  car_name: string;
  owner_name: string;
  publication: PublicationState;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface ReportSummaryRow {
  owner_id: string;
  owner_name: string;
  registered: number;
  created: number;
  deleted: number;
  published: number;
  sleeping: number;
}

/** Sleeping at the month's end: asleep now, since before the end (waking clears the state, sleeping sets slept_at). */
const sleepingAtEnd = (f: ReportFilter) =>
  sql<boolean>`(c.publication = 'sleeping' and coalesce(c.slept_at, c.created_at) < ${f.end})`;

/** Still registered at the month's end: not deleted (soft or for good) before it. */
const registeredAtEnd = (f: ReportFilter) => sql<boolean>`(c.deleted_at is null or c.deleted_at >= ${f.end})`;

/**
 * The vehicles of the report: seen by the caller, created before the month's end and not permanently deleted
 * before its start (a vehicle in the trash still exists), without the sleeping ones unless asked.
 */
function reportWhere(f: ReportFilter): RawBuilder<boolean> {
  return sql<boolean>`${visibleContentsSql(f.scope, 'c')}
    and c.created_at < ${f.end}
    and (c.publication <> 'permanently_deleted' or c.deleted_at is null or c.deleted_at >= ${f.start})
    and (${f.withSleeping} or not ${sleepingAtEnd(f)})`;
}

/**
 * SQL of the contents report: its vehicles, or their counts per owner, read a page at a time in key order (each
 * page starts after the last key read: no offset, no transaction held open while the file is sent).
 */
export function reportRepo(db: Db) {
  return {
    detail(f: ReportFilter, batch: number): AsyncGenerator<ReportDetailRow[]> {
      const page = async (after: string) =>
        (
          await sql<ReportDetailRow>`
          select c.id, c.management_id, c.maker, c.car_name, o.name as owner_name, c.publication,
                 c.created_at, c.updated_at, c.deleted_at
          from contents c join users o on o.id = c.owner_user_id
          where ${reportWhere(f)} and c.id > ${after}
          order by c.id
          limit ${batch}`.execute(db)
        ).rows;
      return keysetPages(batch, page, (row) => row.id);
    },

    summary(f: ReportFilter, batch: number): AsyncGenerator<ReportSummaryRow[]> {
      const page = async (after: string) =>
        (
          await sql<ReportSummaryRow>`
          select c.owner_user_id as owner_id, o.name as owner_name,
                 count(*) filter (where ${registeredAtEnd(f)})::int as registered,
                 count(*) filter (where c.created_at >= ${f.start})::int as created,
                 count(*) filter (where c.deleted_at >= ${f.start} and c.deleted_at < ${f.end})::int as deleted,
                 count(*) filter (
                   where c.publication in ('published', 'limited_public') and ${registeredAtEnd(f)}
                 )::int as published,
                 count(*) filter (where ${sleepingAtEnd(f)})::int as sleeping
          from contents c join users o on o.id = c.owner_user_id
          where ${reportWhere(f)} and c.owner_user_id > ${after}
          group by c.owner_user_id, o.name
          order by c.owner_user_id
          limit ${batch}`.execute(db)
        ).rows;
      return keysetPages(batch, page, (row) => row.owner_id);
    },
  };
}
export type ReportRepo = ReturnType<typeof reportRepo>;
