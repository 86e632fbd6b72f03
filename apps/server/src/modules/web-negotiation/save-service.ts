import {
  callLink,
  type InviteeInput,
  phoneKey,
  type WebNegotiationAnswer,
  type WebNegotiationBody,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { stateOf } from './answers.ts';
import { type Outgoing, sendAll } from './invite-meeting.ts';
import { meetingLinks } from './links.ts';
import { type InviteeRow, type MeetingRow, meetingsRepo } from './repo.ts';
import { checkSave, hostOf, type MeetingDeps, meetingCaller, requireEditable } from './rules.ts';

const sameInvitee = (row: InviteeRow, input: InviteeInput) =>
  (input.email !== '' && row.email.toLowerCase() === input.email) ||
  (input.phone !== '' && row.phone_key === phoneKey(input.phone));

/**
 * The saves of meetings: add, edit, delete. Each runs in one transaction (nothing half-saved); the invitations
 * leave after the commit, each invitee with a new link (links.ts) and the calendar event's next SEQUENCE.
 */
export function meetingSaves(deps: MeetingDeps, detail: (actor: Actor, id: string) => Promise<WebNegotiationAnswer>) {
  const now = deps.now ?? (() => new Date());
  const base = async (domainId: string) => {
    const info = await meetingsRepo(deps.db).domainInfo(domainId);
    return { info, origin: deps.publicUrl ?? `https://${info.host}` };
  };

  /** Writes the invitees of a save: the kept ones updated, the new ones added, the dropped ones removed. */
  async function saveInvitees(db: Db, meeting: MeetingRow, inputs: readonly InviteeInput[], origin: string) {
    const repo = meetingsRepo(db);
    const before = await repo.inviteesOf(meeting.id);
    const links = await meetingLinks(deps.db);
    const outgoing: Outgoing[] = [];
    const kept = new Set<string>();
    for (const [position, input] of inputs.entries()) {
      const old = before.find((row) => !kept.has(row.id) && sameInvitee(row, input));
      // The same person keeps the same link: the message of an edit repeats it, and the one they hold still opens.
      const link = old ? links.keep({ hash: old.token_hash, sealed: old.token_sealed }) : links.mint();
      const values = {
        position,
        name: input.name,
        email: input.email,
        phone: input.phone,
        phone_key: phoneKey(input.phone),
        time_zone: input.time_zone ?? null,
        language: input.language ?? null,
        token_hash: link.hash,
        token_sealed: link.sealed,
        invited_at: now(),
      };
      const invitee = old ? { ...old, ...values } : await repo.insertInvitee({ ...values, negotiation_id: meeting.id });
      if (old) {
        kept.add(old.id);
        await repo.updateInvitee(old.id, values);
      }
      outgoing.push({ invitee, kind: old ? 'update' : 'invite', url: callLink(origin, link.token) });
    }
    const dropped = before.filter((row) => !kept.has(row.id));
    await repo.deleteInvitees(dropped.map((row) => row.id));
    for (const invitee of dropped) outgoing.push({ invitee, kind: 'cancel' });
    return outgoing;
  }

  return {
    async add(actor: Actor, body: WebNegotiationBody): Promise<WebNegotiationAnswer> {
      const { options, scope } = await meetingCaller(deps.db, actor);
      const { info, origin } = await base(actor.domainId);
      const at = now();
      const saved = await deps.db.transaction().execute(async (trx) => {
        const repo = meetingsRepo(trx);
        const host = await hostOf(repo, actor, body.host_user_id);
        const { startsAt } = await checkSave({ repo, scope, options, host, body, now: at, meetingId: null });
        const row = await repo.insert({
          domain_id: actor.domainId,
          host_user_id: host.id,
          created_by: actor.userId,
          title: body.title,
          description: body.description,
          starts_at: startsAt,
          duration_minutes: body.duration_minutes,
          time_zone: body.time_zone,
          participants: options.web_negotiation_participants,
          evaluation: JSON.stringify({}),
        });
        await repo.setVehicles(row.id, body.vehicle_ids);
        const outgoing = await saveInvitees(trx, row, body.invitees, origin);
        return { row, host, outgoing };
      });
      await sendAll(deps, { info, meeting: saved.row, host: saved.host, outgoing: saved.outgoing });
      return detail(actor, saved.row.id);
    },

    async edit(actor: Actor, id: string, body: WebNegotiationBody): Promise<WebNegotiationAnswer> {
      const { options, scope } = await meetingCaller(deps.db, actor);
      const { info, origin } = await base(actor.domainId);
      const at = now();
      const saved = await deps.db.transaction().execute(async (trx) => {
        const repo = meetingsRepo(trx);
        const meeting = await repo.visible(scope, id, true);
        if (!meeting) throw new AppError('not_found');
        requireEditable(meeting, at);
        const host = await hostOf(repo, actor, body.host_user_id ?? meeting.host_user_id ?? undefined);
        const { startsAt } = await checkSave({ repo, scope, options, host, body, now: at, meetingId: id });
        const moved =
          startsAt.getTime() !== meeting.starts_at.getTime() || body.duration_minutes !== meeting.duration_minutes;
        const patch = {
          host_user_id: host.id,
          title: body.title,
          description: body.description,
          starts_at: startsAt,
          duration_minutes: body.duration_minutes,
          time_zone: body.time_zone,
          ics_sequence: meeting.ics_sequence + 1,
          ...(moved ? { reminded_at: null } : {}),
        };
        await repo.update(id, patch);
        await repo.setVehicles(id, body.vehicle_ids);
        const row = { ...meeting, ...patch };
        const outgoing = await saveInvitees(trx, row, body.invitees, origin);
        return { row, host, outgoing };
      });
      await sendAll(deps, { info, meeting: saved.row, host: saved.host, outgoing: saved.outgoing });
      return detail(actor, id);
    },

    /** Deleted for good from the lists; the invitees of a meeting still to come get the calendar's CANCEL. */
    async remove(actor: Actor, id: string): Promise<void> {
      const { scope } = await meetingCaller(deps.db, actor);
      const { info } = await base(actor.domainId);
      const at = now();
      const saved = await deps.db.transaction().execute(async (trx) => {
        const repo = meetingsRepo(trx);
        const meeting = await repo.visible(scope, id, true);
        if (!meeting) throw new AppError('not_found');
        const state = stateOf(meeting, at);
        if (state === 'in_call') throw new AppError('web_negotiation_running');
        const patch = {
          deleted_at: at,
          room_status: 'deleted' as const,
          host_token_hash: null,
          host_token_sealed: null,
          ics_sequence: meeting.ics_sequence + 1,
        };
        await repo.update(id, patch);
        const invitees = state === 'waiting' ? await repo.inviteesOf(id) : [];
        const host = meeting.host_user_id ? await repo.hostUser(meeting.host_user_id) : undefined;
        return { row: { ...meeting, ...patch }, invitees, host };
      });
      const outgoing = saved.invitees.map((invitee) => ({ invitee, kind: 'cancel' as const }));
      if (saved.host) await sendAll(deps, { info, meeting: saved.row, host: saved.host, outgoing });
    },
  };
}
