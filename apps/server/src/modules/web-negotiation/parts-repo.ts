import type { MeetingScope } from '@spinyard/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebNegotiationInviteesTable } from '../../db/schema-meetings.ts';
import { visibleContentsSql } from '../../db/visible-contents.ts';

export type InviteeRow = Selectable<WebNegotiationInviteesTable>;

/** SQL of a meeting's parts (reserved vehicles, invitees) and of what it reads about hosts and tenants. */
export function meetingPartsRepo(db: Db) {
  const vehicles = () =>
    db
      .selectFrom('contents as c')
      .leftJoin('publications as p', 'p.content_id', 'c.id')
      .select(['c.id', 'c.car_name', 'c.maker', 'c.management_id', 'p.short_id'])
      .where('c.deleted_at', 'is', null);

  const invitees = () => db.selectFrom('web_negotiation_invitees').selectAll();
  /** What a host's rules read: the tenant, the team, the user's own limits. */
  const HOST_COLUMNS = ['id', 'domain_id', 'parent_user_id', 'name', 'email', 'company_id'] as const;

  return {
    /** The vehicles among `ids` the scope sees (not deleted), with their public short id when published. */
    async visibleVehicles(scope: MeetingScope, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return vehicles()
        .where('c.id', 'in', [...ids])
        .where(visibleContentsSql(scope, 'c'))
        .execute();
    },

    async vehiclesOf(meetingId: string) {
      return vehicles()
        .innerJoin('web_negotiation_vehicles as v', 'v.content_id', 'c.id')
        .where('v.negotiation_id', '=', meetingId)
        .orderBy('v.position')
        .execute();
    },

    async setVehicles(meetingId: string, contentIds: readonly string[]): Promise<void> {
      await db.deleteFrom('web_negotiation_vehicles').where('negotiation_id', '=', meetingId).execute();
      if (contentIds.length === 0) return;
      await db
        .insertInto('web_negotiation_vehicles')
        .values(contentIds.map((content_id, position) => ({ negotiation_id: meetingId, content_id, position })))
        .execute();
    },

    async inviteesOf(meetingId: string): Promise<InviteeRow[]> {
      return invitees().where('negotiation_id', '=', meetingId).orderBy('position').execute();
    },

    async insertInvitee(row: Insertable<WebNegotiationInviteesTable>): Promise<InviteeRow> {
      return db.insertInto('web_negotiation_invitees').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async updateInvitee(id: string, patch: Updateable<WebNegotiationInviteesTable>): Promise<void> {
      await db.updateTable('web_negotiation_invitees').set(patch).where('id', '=', id).execute();
    },

    async deleteInvitees(ids: readonly string[]): Promise<void> {
      if (ids.length > 0)
        await db
          .deleteFrom('web_negotiation_invitees')
          .where('id', 'in', [...ids])
          .execute();
    },

    /** The user who would host: the tenant, the team and the user's own limits. */
    async hostUser(id: string) {
      return db
        .selectFrom('users')
        .select([...HOST_COLUMNS, 'web_negotiation_limit', 'web_negotiation_max_time'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The tenant's name and host (the mails' sender name, the calendar UID's domain). */
    async domainInfo(domainId: string) {
      return db
        .selectFrom('domains')
        .select(['host', 'service_name'])
        .where('id', '=', domainId)
        .executeTakeFirstOrThrow();
    },

    async companyName(id: string | null): Promise<string> {
      if (!id) return '';
      const row = await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst();
      return row?.name ?? '';
    },

    async inviteeByToken(hash: string): Promise<InviteeRow | undefined> {
      return invitees().where('token_hash', '=', hash).executeTakeFirst();
    },
  };
}
