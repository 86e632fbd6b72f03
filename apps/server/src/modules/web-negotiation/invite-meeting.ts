import type { Db } from '../../db/database.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { vehicleName } from './answers.ts';
import { type InvitationContext, type Recipient, sendInvitation } from './invitations.ts';
import { type MeetingRow, meetingsRepo } from './repo.ts';
import type { HostUser } from './rules.ts';

export type Outgoing = Recipient;

export interface SendDeps {
  db: Db;
  mail: MailQueue;
  sms?: SmsSender | undefined;
  log: (msg: string, fields: Record<string, unknown>) => void;
}

/**
 * Sends the messages of one save after its commit: the meeting's vehicles named, the host as the organizer. A
 * message that cannot be sent never undoes the save (the mail queue retries; an SMS refusal is logged).
 */
export async function sendAll(
  deps: SendDeps,
  input: {
    info: { host: string; service_name: string };
    meeting: MeetingRow;
    host: Pick<HostUser, 'name' | 'email'>;
    outgoing: readonly Outgoing[];
  },
): Promise<void> {
  if (input.outgoing.length === 0) return;
  const vehicles = (await meetingsRepo(deps.db).vehiclesOf(input.meeting.id)).map(vehicleName);
  const ctx: InvitationContext = {
    mail: deps.mail,
    sms: deps.sms,
    log: deps.log,
    serviceName: input.info.service_name,
    domainHost: input.info.host,
    host: { name: input.host.name, email: input.host.email },
    vehicles,
  };
  for (const to of input.outgoing) await sendInvitation(ctx, input.meeting, to);
}
