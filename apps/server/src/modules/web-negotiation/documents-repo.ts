import type { MeetingDocumentKind } from '@spinyard/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MeetingProfileCardsTable, WebNegotiationDocumentsTable } from '../../db/schema-meetings.ts';

export type DocumentRow = Selectable<WebNegotiationDocumentsTable>;
export type ProfileCardRow = Selectable<MeetingProfileCardsTable>;

/** SQL of a meeting's documents and the users' business cards for meetings: only this module writes them. */
export function documentsRepo(db: Db) {
  const ofMeeting = (meetingId: string) =>
    db.selectFrom('web_negotiation_documents').selectAll().where('negotiation_id', '=', meetingId);
  const card = (userId: string) => db.selectFrom('meeting_profile_cards').selectAll().where('user_id', '=', userId);

  return {
    async of(meetingId: string): Promise<DocumentRow[]> {
      return ofMeeting(meetingId).orderBy('id').execute();
    },

    async one(meetingId: string, id: string): Promise<DocumentRow | undefined> {
      return ofMeeting(meetingId).where('id', '=', id).executeTakeFirst();
    },

    async insert(
      row: Omit<Insertable<WebNegotiationDocumentsTable>, 'kind'> & { kind: MeetingDocumentKind },
    ): Promise<DocumentRow> {
      return db.insertInto('web_negotiation_documents').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async remove(meetingId: string, id: string): Promise<DocumentRow | undefined> {
      return db
        .deleteFrom('web_negotiation_documents')
        .where('negotiation_id', '=', meetingId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Whether another row (another meeting, a copy) still points at the blob, before deleting it. */
    async keyInUse(key: string): Promise<boolean> {
      const used = await sql<{ used: boolean }>`SELECT
        EXISTS (SELECT 1 FROM web_negotiation_documents WHERE file_key = ${key})
        OR EXISTS (SELECT 1 FROM meeting_profile_cards WHERE file_key = ${key}) AS used`.execute(db);
      return used.rows[0]?.used === true;
    },

    async card(userId: string): Promise<ProfileCardRow | undefined> {
      return card(userId).executeTakeFirst();
    },

    /** The one card of a user: a second insert adds nothing and answers undefined. */
    async insertCard(row: Insertable<MeetingProfileCardsTable>): Promise<ProfileCardRow | undefined> {
      return db
        .insertInto('meeting_profile_cards')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async removeCard(userId: string): Promise<ProfileCardRow | undefined> {
      return db.deleteFrom('meeting_profile_cards').where('user_id', '=', userId).returningAll().executeTakeFirst();
    },
  };
}
