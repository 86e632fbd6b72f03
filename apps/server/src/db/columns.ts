import type { ColumnType, Generated } from 'kysely';

// The column types the tables share (schema.ts and its parts), as Kysely sees them: what a select gives, what an
// insert takes, what an update takes.

/** Set by the database's default when the row is made; never changed. */
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** Set by the default, then by the repository on each change. */
export type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/** A text column with a default (an insert may leave it out). */
export type Text = ColumnType<string, string | undefined, string>;
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A jsonb column: written as JSON text, read as the value. */
export type Json<T> = ColumnType<T, string | undefined, string>;
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
export type Flag = ColumnType<boolean, boolean | undefined, boolean>;

/** The columns of a row the database keys and dates: its generated id and when it was made. */
export interface Row {
  id: Generated<string>;
  created_at: CreatedAt;
}

/** A row that is changed after it is made: the columns of Row, and when it was last changed. */
export interface StampedRow extends Row {
  updated_at: UpdatedAt;
}
