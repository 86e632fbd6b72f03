import type { Locale } from '@spinyard/domain';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { calendarInvitation } from './ics.ts';
import { type InvitationKind, invitationMail, invitationSms, meetingTime } from './messages.ts';
import type { InviteeRow, MeetingRow } from './repo.ts';

/** What every message of one meeting shares: who sends it, where its links point, and how to reach the invitees. */
export interface InvitationContext {
  mail: MailQueue;
  sms: SmsSender | undefined;
  log: (msg: string, fields: Record<string, unknown>) => void;
  serviceName: string;
  /** The tenant's host: the calendar UID's domain. */
  domainHost: string;
  host: { name: string; email: string };
  vehicles: readonly string[];
}

export interface Recipient {
  invitee: InviteeRow;
  kind: InvitationKind;
  /** The invitee's link, when the message hands one out (not in a cancellation or a reminder). */
  url?: string | undefined;
}

const localeOf = (invitee: InviteeRow): Locale =>
  invitee.language === 'en' || invitee.language === 'fr' || invitee.language === 'pt' ? invitee.language : 'ja';

/** The stable UID of the meeting's calendar event: every REQUEST and CANCEL of the meeting names it. */
export const calendarUid = (meetingId: string, domainHost: string) => `web-negotiation-${meetingId}@${domainHost}`;

/**
 * Sends one invitee their message: a mail with the calendar invitation (METHOD:REQUEST, or CANCEL when the meeting
 * or the invitee is taken off; none with a reminder) to an e-mail, an SMS to a phone, both when both are given. The
 * mail goes through the mail queue (retried, sent once per key); an SMS provider's refusal is logged and does not
 * undo the saved meeting.
 */
export async function sendInvitation(ctx: InvitationContext, meeting: MeetingRow, to: Recipient): Promise<void> {
  const { invitee, kind } = to;
  const locale = localeOf(invitee);
  const end = new Date(meeting.starts_at.getTime() + meeting.duration_minutes * 60_000);
  const input = {
    kind,
    locale,
    serviceName: ctx.serviceName,
    title: meeting.title,
    description: meeting.description,
    hostName: ctx.host.name,
    when: meetingTime(meeting.starts_at, end, invitee.time_zone ?? meeting.time_zone, locale),
    vehicles: ctx.vehicles,
    url: to.url,
  };
  const key = `web-negotiation:${meeting.id}:${meeting.ics_sequence}:${kind}:${invitee.id}`;
  if (invitee.email !== '') {
    const { subject, text } = invitationMail(input);
    const method = kind === 'cancel' ? 'CANCEL' : 'REQUEST';
    const ics =
      kind === 'remind'
        ? undefined
        : calendarInvitation({
            method,
            uid: calendarUid(meeting.id, ctx.domainHost),
            sequence: meeting.ics_sequence,
            start: meeting.starts_at,
            end,
            stamp: new Date(),
            summary: meeting.title,
            description: invitationMail({ ...input, kind: kind === 'cancel' ? 'cancel' : 'invite' }).text,
            url: to.url,
            organizer: ctx.host,
            attendee: { name: invitee.name, email: invitee.email },
          });
    await ctx.mail.send(
      {
        to: invitee.email,
        subject,
        text,
        ...(ics ? { icalEvent: { method, filename: 'invite.ics', content: ics } } : {}),
      },
      key,
    );
  }
  if (invitee.phone !== '') {
    if (!ctx.sms) {
      ctx.log('Meeting SMS not sent: no SMS backend', { meetingId: meeting.id, kind });
      return;
    }
    try {
      await ctx.sms.send(invitee.phone, invitationSms(input));
    } catch (error) {
      ctx.log('Meeting SMS refused by the provider', { meetingId: meeting.id, kind, error: String(error) });
    }
  }
}
