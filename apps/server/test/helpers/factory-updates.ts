import type { PublicationState } from '@spinyard/domain';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { Database, TokenKind } from '../../src/db/schema.ts';

/**
 * The factory's changes to rows that no repository makes on purpose: the passing of time (expiries), states the
 * product reaches only through a long journey (a publication, an upload's status, a frame's edit), and counters
 * the statistics jobs would have left. Tests reach them as `t.make.update.*`, so every table a test writes is
 * written here or by the factory's builders, never by the test itself.
 */
export function factoryUpdates(db: Db) {
  return {
    /** Moves a user's links, codes or tokens past their expiry (the product reads the time from the database). */
    async expire(
      what: 'one_time_tokens' | 'two_step_challenges' | 'auth_tokens',
      userId: string,
      only: { purpose?: string; kind?: TokenKind } = {},
    ): Promise<void> {
      const past = new Date(Date.now() - 1000);
      if (what === 'auth_tokens') {
        let q = db.updateTable('auth_tokens').set({ expires_at: past }).where('user_id', '=', userId);
        if (only.kind) q = q.where('kind', '=', only.kind);
        await q.execute();
      } else if (what === 'one_time_tokens') {
        let q = db.updateTable('one_time_tokens').set({ expires_at: past }).where('user_id', '=', userId);
        if (only.purpose) q = q.where('purpose', '=', only.purpose as never);
        await q.execute();
      } else {
        await db.updateTable('two_step_challenges').set({ expires_at: past }).where('user_id', '=', userId).execute();
      }
    },
    /** Moves the failed sign-ins from an address `seconds` into the past (a throttle's wait gone by). */
    async loginFailuresAgo(ip: string, seconds: number): Promise<void> {
      await sql`UPDATE login_attempts SET attempted_at = attempted_at - make_interval(secs => ${seconds})
        WHERE ip = ${ip} AND NOT succeeded`.execute(db);
    },
    /** Columns of a vehicle (its publication state, its limited password). */
    vehicle: async (id: string, values: Updateable<Database['contents']>) => {
      await db.updateTable('contents').set(values).where('id', '=', id).execute();
    },
    publication: async (id: string, publication: PublicationState) => {
      await db.updateTable('contents').set({ publication }).where('id', '=', id).execute();
    },
    uploadStatus: async (id: string, status: string) => {
      await db.updateTable('uploads').set({ status }).where('id', '=', id).execute();
    },
    movieBackupExpiry: async (id: string, expiresAt: Date) => {
      await db.updateTable('movie_backups').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    },
    exteriorFrame: async (id: string, values: Updateable<Database['exterior_frames']>) => {
      await db.updateTable('exterior_frames').set(values).where('id', '=', id).execute();
    },
    /** Moves a category image or an original movie to another vehicle (a state no request makes). */
    sliderItemVehicle: async (id: string, contentId: string) => {
      await db.updateTable('slider_items').set({ content_id: contentId }).where('id', '=', id).execute();
    },
    originalMovieVehicle: async (id: string, contentId: string) => {
      await db.updateTable('original_movies').set({ content_id: contentId }).where('id', '=', id).execute();
    },
    /** `count` video links on a vehicle's slider, straight into the table (past any cap the API keeps). */
    videoLinks: async (contentId: string, count: number) => {
      const rows = Array.from({ length: count }, (_, i) => ({
        content_id: contentId,
        item_order: i,
        kind: 'video_link' as const,
        caption: '',
        video_id: 'dQw4w9WgXcQ',
      }));
      await db.insertInto('slider_items').values(rows).execute();
    },
    /** A vehicle's counter of a kind on a Japan day, as the events would have left it. */
    statisticCount: async (contentId: string, day: string, kind: string, count: number) => {
      await sql`insert into statistic_counts (content_id, day, kind, count) values (${contentId}, ${day}::date, ${kind}, ${count})
        on conflict (content_id, day, kind) do update set count = excluded.count`.execute(db);
    },
    /** A day's visitor secret and one visitor of `contentId` that day, as the events of that day would leave them. */
    statisticVisitorDay: async (day: string, contentId: string, secret: Buffer, visitorKey: Buffer) => {
      await sql`insert into statistic_secrets (day, secret) values (${day}::date, ${secret})`.execute(db);
      await sql`insert into statistic_visitors (day, visitor_key, content_id, kind, count)
        values (${day}::date, ${visitorKey}, ${contentId}, 'view', 1)`.execute(db);
    },
  };
}
