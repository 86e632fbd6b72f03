import type { PublicationState } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * SQL of media access: the shared media secret (`media_secrets`, written only here) and the one fact of a vehicle the
 * media route needs per request, its publication state (read from the contents area's table, as statistics does).
 */
export function mediaAccessRepo(db: Db) {
  return {
    /** The secret named `name`, made from `fresh` by whichever node asks first; later askers get the same one. */
    async secret(name: string, fresh: Buffer): Promise<Buffer> {
      await sql`insert into media_secrets (name, secret) values (${name}, ${fresh})
        on conflict (name) do nothing`.execute(db);
      const row = await db.selectFrom('media_secrets').select('secret').where('name', '=', name).executeTakeFirst();
      if (!row) throw new Error(`No media secret ${name}`);
      return row.secret;
    },

    async publicationOf(contentId: string): Promise<PublicationState | undefined> {
      const row = await db.selectFrom('contents').select('publication').where('id', '=', contentId).executeTakeFirst();
      return row?.publication;
    },
  };
}
