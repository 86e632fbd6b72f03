import { randomUUID } from 'node:crypto';
import { CONTACT_THROTTLE, type Contact, type ContactAnswer } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import { credentials } from '../auth/credentials-service.ts';
import type { Actor } from '../auth/service.ts';
import { operatorMail, senderCopyMail } from './mails.ts';
import { contactRepo } from './repo.ts';

export interface ContactDeps {
  db: Db;
  mail: MailQueue;
  /** SPINYARD_OPERATOR_EMAIL; unset, inquiries go to the masters' addresses. */
  operatorEmail: string | undefined;
}

/**
 * The contact form (/contact/form, POST /v1/contact): the inquiry mailed to the operator with the sender's account,
 * a copy to the sender. Limited per user and per client address, as each inquiry sends two mails.
 */
export function contactService({ db, mail, operatorEmail }: ContactDeps) {
  const repo = contactRepo(db);
  return {
    async send(actor: Actor, contact: Contact, ip: string): Promise<ContactAnswer> {
      const sender = await repo.sender(actor.userId);
      if (!sender) throw new AppError('not_authenticated');
      const to = operatorEmail ? [operatorEmail] : await repo.masterEmails();
      if (to.length === 0) throw new AppError('operator_unreachable');
      const now = new Date();
      await credentials(db).throttle(
        'contact',
        [
          { subject: `user:${sender.id}`, max: CONTACT_THROTTLE.maxPerUser },
          { subject: `ip:${ip}`, max: CONTACT_THROTTLE.maxPerIp },
        ],
        CONTACT_THROTTLE.windowMs,
        now,
      );
      // Each inquiry is its own: the key only stops one inquiry's mail job from sending twice.
      const key = `contact:${sender.id}:${randomUUID()}`;
      await mail.send(operatorMail(to, sender, contact, now), `${key}:operator`);
      await mail.send(senderCopyMail(sender, contact), `${key}:copy`);
      return { sent: true, copy_to: sender.email };
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
