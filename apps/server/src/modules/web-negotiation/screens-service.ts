import { callLink, WEB_NEGOTIATION_VEHICLES_MAX, type WebNegotiationSettingsAnswer } from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { endOf, stateOf } from './answers.ts';
import type { DocumentLimits } from './documents-service.ts';
import { meetingLinks } from './links.ts';
import { meetingsRepo } from './repo.ts';
import { type MeetingDeps, meetingCaller } from './rules.ts';

/**
 * What the console's meeting screens ask beyond the meetings themselves (issue 21, the /web-negotiation/* screens):
 * the caller's rules, so the form says them before a save is refused, and an invitee's link to copy.
 */
export function meetingScreensService(deps: MeetingDeps, limits: DocumentLimits) {
  const now = deps.now ?? (() => new Date());
  return {
    async settings(actor: Actor): Promise<WebNegotiationSettingsAnswer> {
      const { options } = await meetingCaller(deps.db, actor);
      const repo = meetingsRepo(deps.db);
      const me = await repo.hostUser(actor.userId);
      const interval = options.web_negotiation_limit_interval;
      const base = { domainId: actor.domainId, interval, timeZone: 'Asia/Tokyo', at: now(), exceptId: null };
      const used = await repo.countInInterval({ ...base, hostId: null });
      return {
        participants: options.web_negotiation_participants,
        max_time_minutes: me?.web_negotiation_max_time ?? options.web_negotiation_max_time,
        vehicles_max: WEB_NEGOTIATION_VEHICLES_MAX,
        documents_max: limits.count,
        document_max_bytes: limits.bytes,
        usage: { interval, used, limit: options.web_negotiation_limit },
      };
    },

    /**
     * An invitee's link, to copy: the one they were sent (kept sealed), so copying it never breaks the mailed one;
     * refused once the meeting is over.
     */
    async inviteeLink(actor: Actor, id: string, inviteeId: string) {
      const { scope } = await meetingCaller(deps.db, actor);
      const repo = meetingsRepo(deps.db);
      const meeting = await repo.visible(scope, id);
      if (!meeting) throw new AppError('not_found');
      const invitee = (await repo.inviteesOf(id)).find((i) => i.id === inviteeId);
      if (!invitee) throw new AppError('not_found');
      const state = stateOf(meeting, now());
      if (state === 'ended' || state === 'expired') throw new AppError('web_negotiation_closed');
      const link = (await meetingLinks(deps.db)).keep({ hash: invitee.token_hash, sealed: invitee.token_sealed });
      if (link.hash !== invitee.token_hash) {
        await repo.updateInvitee(invitee.id, { token_hash: link.hash, token_sealed: link.sealed });
      }
      const info = await repo.domainInfo(meeting.domain_id);
      const origin = deps.publicUrl ?? `https://${info.host}`;
      return { url: callLink(origin, link.token), token: link.token, expires_at: endOf(meeting).toISOString() };
    },
  };
}
