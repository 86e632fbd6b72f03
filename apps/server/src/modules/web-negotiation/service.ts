import {
  callLink,
  type WebNegotiationAnswer,
  type WebNegotiationListAnswer,
  type WebNegotiationListQuery,
  type WebNegotiationNotesBody,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { endOf, meetingAnswer, stateOf, summaryOf, vehicleAnswer } from './answers.ts';
import { documentsRepo } from './documents-repo.ts';
import { meetingLinks } from './links.ts';
import { meetingsRepo } from './repo.ts';
import { type MeetingDeps, meetingCaller, requireEditable } from './rules.ts';
import { meetingSaves } from './save-service.ts';

export type { MeetingDeps } from './rules.ts';

/**
 * Meetings (issue 21 point 1): list, detail, notes, reserved vehicles and the host's link here; add, edit and
 * delete in save-service.ts.
 */
export function meetingsService(deps: MeetingDeps) {
  const now = deps.now ?? (() => new Date());
  const base = async (domainId: string) => {
    const info = await meetingsRepo(deps.db).domainInfo(domainId);
    return { info, origin: deps.publicUrl ?? `https://${info.host}` };
  };

  async function partsOf(db: Db, meetingId: string) {
    const repo = meetingsRepo(db);
    return {
      vehicles: await repo.vehiclesOf(meetingId),
      invitees: await repo.inviteesOf(meetingId),
      documents: await documentsRepo(db).of(meetingId),
    };
  }

  const reads = {
    async list(actor: Actor, query: WebNegotiationListQuery): Promise<WebNegotiationListAnswer> {
      const { options, scope } = await meetingCaller(deps.db, actor);
      const at = now();
      const repo = meetingsRepo(deps.db);
      const { rows, total } = await repo.list(scope, query, at);
      const limit = options.web_negotiation_limit;
      const used = await repo.countInInterval({
        domainId: actor.domainId,
        hostId: null,
        interval: options.web_negotiation_limit_interval,
        timeZone: 'Asia/Tokyo',
        at,
        exceptId: null,
      });
      return {
        items: rows.map((r) => summaryOf(r, { vehicles: Number(r.vehicles), invitees: Number(r.invitees) }, at)),
        total,
        page: query.page,
        limit: query.limit,
        usage: { interval: options.web_negotiation_limit_interval, used, limit },
      };
    },

    async detail(actor: Actor, id: string): Promise<WebNegotiationAnswer> {
      const { scope } = await meetingCaller(deps.db, actor);
      const meeting = await meetingsRepo(deps.db).visible(scope, id);
      if (!meeting) throw new AppError('not_found');
      return meetingAnswer(meeting, await partsOf(deps.db, id), now());
    },

    /** The memo and the evaluation sheet: written before, during or after the call, never on a deleted meeting. */
    async saveNotes(actor: Actor, id: string, body: WebNegotiationNotesBody): Promise<WebNegotiationAnswer> {
      const { scope } = await meetingCaller(deps.db, actor);
      const repo = meetingsRepo(deps.db);
      const meeting = await repo.visible(scope, id);
      if (!meeting) throw new AppError('not_found');
      await writeNotes(deps.db, id, body);
      return reads.detail(actor, id);
    },

    async vehicles(actor: Actor, id: string) {
      const { scope } = await meetingCaller(deps.db, actor);
      const repo = meetingsRepo(deps.db);
      if (!(await repo.visible(scope, id))) throw new AppError('not_found');
      return { items: (await repo.vehiclesOf(id)).map(vehicleAnswer) };
    },

    async setVehicles(actor: Actor, id: string, vehicleIds: readonly string[]) {
      const { scope } = await meetingCaller(deps.db, actor);
      await deps.db.transaction().execute(async (trx) => {
        const repo = meetingsRepo(trx);
        const meeting = await repo.visible(scope, id, true);
        if (!meeting) throw new AppError('not_found');
        requireEditable(meeting, now());
        const found = await repo.visibleVehicles(scope, vehicleIds);
        if (found.length !== vehicleIds.length) {
          throw new AppError('validation_failed', {
            fields: [{ field: 'vehicle_ids', rule: 'one_of', message: 'Choose vehicles among the ones you see.' }],
          });
        }
        await repo.setVehicles(id, vehicleIds);
      });
      return reads.vehicles(actor, id);
    },

    /** The host's own link: the same one on each ask (kept sealed), refused once the meeting is over. */
    async hostLink(actor: Actor, id: string) {
      const { scope } = await meetingCaller(deps.db, actor);
      const repo = meetingsRepo(deps.db);
      const meeting = await repo.visible(scope, id);
      if (!meeting) throw new AppError('not_found');
      const state = stateOf(meeting, now());
      if (state === 'ended' || state === 'expired') throw new AppError('web_negotiation_closed');
      const link = (await meetingLinks(deps.db)).keep({
        hash: meeting.host_token_hash,
        sealed: meeting.host_token_sealed,
      });
      if (link.hash !== meeting.host_token_hash) {
        await repo.update(id, { host_token_hash: link.hash, host_token_sealed: link.sealed });
      }
      const { origin } = await base(meeting.domain_id);
      return { url: callLink(origin, link.token), token: link.token, expires_at: endOf(meeting).toISOString() };
    },
  };
  return { ...reads, ...meetingSaves(deps, (actor, id) => reads.detail(actor, id)) };
}

/** The one write of a meeting's memo and evaluation sheet: the console's call and the host's in the call. */
export async function writeNotes(db: Db, id: string, body: WebNegotiationNotesBody): Promise<void> {
  await meetingsRepo(db).update(id, { memo: body.memo, evaluation: JSON.stringify(body.evaluation) });
}

export type MeetingsService = ReturnType<typeof meetingsService>;
