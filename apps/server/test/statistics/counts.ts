import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/** Sets a vehicle's counter of a kind on a Japan day, as the events would have left it. */
export async function setCount(db: Db, contentId: string, day: string, kind: string, count: number): Promise<void> {
  await sql`insert into statistic_counts (content_id, day, kind, count) values (${contentId}, ${day}::date, ${kind}, ${count})
    on conflict (content_id, day, kind) do update set count = excluded.count`.execute(db);
}
