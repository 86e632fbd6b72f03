import {
  type MeetingScope,
  splitKeywords,
  type WebNegotiationLimitInterval,
  type WebNegotiationListQuery,
  type WebNegotiationState,
} from '@spinyard/domain';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebNegotiationsTable } from '../../db/schema-meetings.ts';
import { likePattern } from '../sql.ts';
import { meetingPartsRepo } from './parts-repo.ts';

export type MeetingRow = Selectable<WebNegotiationsTable>;
export type { InviteeRow } from './parts-repo.ts';
export type MeetingWithHost = MeetingRow & { host_name: string | null };

/**
 * SQL of web negotiations, their vehicles and invitees: only this module writes them. Every read of a signed-in
 * caller names the caller's scope (the host's tenant and team), so another tenant's meeting is not found.
 */

/** The state of packages/domain webNegotiationStateAt, as SQL over the row's times, at `now`. */
function stateSql(now: Date) {
  const end = sql`(m.starts_at + m.duration_minutes * interval '1 minute')`;
  return sql<WebNegotiationState>`CASE
    WHEN m.ended_at IS NOT NULL AND m.ended_at <= ${now} THEN 'ended'
    WHEN m.joined_at IS NOT NULL AND m.joined_at <= ${now} THEN (CASE WHEN ${now} < ${end} THEN 'in_call' ELSE 'ended' END)
    WHEN ${now} >= ${end} THEN 'expired'
    ELSE 'waiting' END`;
}

/** Meetings whose host the caller sees (a meeting without host any more stays with the tenant's heads). */
function scopeSql(scope: MeetingScope) {
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'domain':
      return sql<boolean>`m.domain_id = ${scope.domainId}`;
    case 'team':
      return sql<boolean>`(m.domain_id = ${scope.domainId} and m.host_user_id in (select t.id from users as t
        where t.domain_id = ${scope.domainId} and (t.id = ${scope.adminId} or t.parent_user_id = ${scope.adminId})))`;
    case 'self':
      return sql<boolean>`(m.domain_id = ${scope.domainId} and m.host_user_id = ${scope.userId})`;
  }
}

const ORDER = {
  starts_at_asc: sql`m.starts_at ASC, m.id ASC`,
  starts_at_desc: sql`m.starts_at DESC, m.id DESC`,
  created_desc: sql`m.created_at DESC, m.id DESC`,
} as const;

function meetingRowsRepo(db: Db) {
  /** Meetings with their host's name. */
  const withHost = () => db.selectFrom('web_negotiations as m').leftJoin('users as h', 'h.id', 'm.host_user_id');
  const visible = (scope: MeetingScope) => withHost().where('m.deleted_at', 'is', null).where(scopeSql(scope));
  const oneWithHost = () => withHost().selectAll('m').select('h.name as host_name');

  return {
    async list(scope: MeetingScope, query: WebNegotiationListQuery, now: Date) {
      let q = visible(scope);
      for (const word of splitKeywords(query.q)) {
        const p = likePattern(word);
        q = q.where(
          sql<boolean>`(m.title ILIKE ${p} OR m.description ILIKE ${p} OR h.name ILIKE ${p} OR EXISTS (SELECT 1
            FROM web_negotiation_invitees i WHERE i.negotiation_id = m.id
            AND (i.name ILIKE ${p} OR i.email ILIKE ${p} OR i.phone ILIKE ${p})))`,
        );
      }
      if (query.status) q = q.where(stateSql(now), '=', query.status);
      if (query.from) q = q.where(sql<boolean>`m.starts_at >= (${query.from}::date AT TIME ZONE m.time_zone)`);
      if (query.to) q = q.where(sql<boolean>`m.starts_at < ((${query.to}::date + 1) AT TIME ZONE m.time_zone)`);
      const count = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('m')
        .select([
          'h.name as host_name',
          stateSql(now).as('state'),
          sql<string>`(SELECT count(*) FROM web_negotiation_vehicles v WHERE v.negotiation_id = m.id)`.as('vehicles'),
          sql<string>`(SELECT count(*) FROM web_negotiation_invitees i WHERE i.negotiation_id = m.id)`.as('invitees'),
        ])
        .orderBy(ORDER[query.sort])
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      return { rows, total: Number(count.n) };
    },

    /** One meeting the caller sees; `lock` holds it for the transaction's change (edit, delete, documents). */
    async visible(scope: MeetingScope, id: string, lock = false): Promise<MeetingWithHost | undefined> {
      const q = visible(scope).selectAll('m').select('h.name as host_name').where('m.id', '=', id);
      return (lock ? q.forUpdate('m') : q).executeTakeFirst();
    },

    async byId(id: string): Promise<MeetingWithHost | undefined> {
      return oneWithHost().where('m.id', '=', id).executeTakeFirst();
    },

    async insert(row: Insertable<WebNegotiationsTable>): Promise<MeetingRow> {
      return db.insertInto('web_negotiations').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: string, patch: Updateable<WebNegotiationsTable>): Promise<void> {
      await db
        .updateTable('web_negotiations')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Meetings of the tenant (or of one host) starting in the same interval as `at`, in the time zone given. */
    async countInInterval(input: {
      domainId: string;
      hostId: string | null;
      interval: WebNegotiationLimitInterval;
      timeZone: string;
      at: Date;
      exceptId: string | null;
    }): Promise<number> {
      const unit = sql.lit(input.interval);
      let q = db
        .selectFrom('web_negotiations')
        .where('domain_id', '=', input.domainId)
        .where('deleted_at', 'is', null)
        .where(
          sql<boolean>`date_trunc(${unit}, starts_at AT TIME ZONE ${input.timeZone})
            = date_trunc(${unit}, ${input.at}::timestamptz AT TIME ZONE ${input.timeZone})`,
        );
      if (input.hostId) q = q.where('host_user_id', '=', input.hostId);
      if (input.exceptId) q = q.where('id', '<>', input.exceptId);
      const row = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Serialises the scheduling of one tenant (a transaction-scoped advisory lock): two meetings added at once
     * cannot both take the interval's last place.
     */
    async lockTenantSchedule(domainId: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('web-negotiation'), hashtext(${domainId}))`.execute(db);
    },

    /** Meetings due for their reminder: starting within `within` ms, not reminded, not started, not deleted. */
    async claimReminders(now: Date, withinMs: number) {
      return db
        .updateTable('web_negotiations')
        .set({ reminded_at: now })
        .where('reminded_at', 'is', null)
        .where('deleted_at', 'is', null)
        .where('joined_at', 'is', null)
        .where('ended_at', 'is', null)
        .where('starts_at', '>', now)
        .where('starts_at', '<=', new Date(now.getTime() + withinMs))
        .returningAll()
        .execute();
    },

    // ---- Links: what a link token opens, for the call ----------------------------------------------------------

    async byHostToken(hash: string): Promise<MeetingWithHost | undefined> {
      return oneWithHost().where('m.host_token_hash', '=', hash).executeTakeFirst();
    },

    /** The first join opens the room; the meeting reads as in call from then. Idempotent. */
    async markOpen(id: string, at: Date): Promise<void> {
      await db
        .updateTable('web_negotiations')
        .set({
          joined_at: sql<Date>`coalesce(joined_at, ${at})`,
          room_status: sql<'open'>`CASE WHEN room_status = 'ready' THEN 'open' ELSE room_status END`,
        })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** The call is over: ended once, with the first reason. Idempotent. */
    async markEnded(id: string, reason: string, at: Date): Promise<void> {
      await db
        .updateTable('web_negotiations')
        .set({
          ended_at: sql<Date>`coalesce(ended_at, ${at})`,
          end_reason: sql<string>`coalesce(end_reason, ${reason})`,
          room_status: sql<'closed'>`CASE WHEN room_status IN ('ready', 'open') THEN 'closed' ELSE room_status END`,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

/** The meetings' own rows and, beside them, their vehicles, invitees and hosts (parts-repo.ts). */
export function meetingsRepo(db: Db) {
  return { ...meetingRowsRepo(db), ...meetingPartsRepo(db) };
}

export type MeetingsRepo = ReturnType<typeof meetingsRepo>;
