import type { ColumnType } from 'kysely';

// The statistics tables of migration 0015 (issue 10), kept apart from schema.ts.

/** `date` columns are read as text (`YYYY-MM-DD`) by the queries that select them (`to_char`). */
type Day = ColumnType<string, string, never>;

export interface StatisticCountsTable {
  content_id: ColumnType<string, string, never>;
  day: Day;
  kind: ColumnType<string, string, never>;
  count: ColumnType<number, number | undefined, number>;
}

export interface StatisticVisitorsTable {
  day: Day;
  visitor_key: ColumnType<Buffer, Buffer, never>;
  content_id: ColumnType<string, string, never>;
  kind: ColumnType<string, string, never>;
  count: ColumnType<number, number, number>;
}

export interface StatisticSecretsTable {
  day: Day;
  secret: ColumnType<Buffer, Buffer, never>;
}
