import {
  EMAIL_CHANGE_TTL_MS,
  emailChangeSchema,
  FIELD_RULE_MESSAGES,
  isTwoStepRequired,
  oneTimeTokenState,
  type ProfileUpdatedAnswer,
  parseFields,
  passwordChangeSchema,
  profileUpdateBody,
  readDomainOptions,
  type TwoStepAnswer,
} from '@spinyard/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { credentials } from '../auth/credentials-service.ts';
import { linkOrigin, maskEmail } from '../auth/links.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail, passwordChangedMail } from '../auth/mails.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { issueOneTimeToken } from '../auth/recovery-service.ts';
import type { Actor } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import { isUniqueViolation } from '../sql.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { type ProfileFields, profileRepo } from './repo.ts';

/** Limits on e-mail change requests per user: each one mails an address the user typed. */
const EMAIL_CHANGE_THROTTLE = { windowMs: 60 * 60 * 1000, maxPerUser: 10 } as const;

function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseFields(schema, input);
  if (!parsed.ok) throw new AppError('validation_failed', { fields: parsed.fields });
  return parsed.data;
}

/** The answer of a change of names or phone. */
type ProfileAnswer = ProfileUpdatedAnswer;
/** The two-step setting as the profile routes answer it. */
export type TwoStepSettings = TwoStepAnswer;

/**
 * The signed-in user's own account: names and phone, password, sign-in e-mail and two-step setting (the
 * /account/conf screen and the two-step edit screen). Reading the profile stays in the accounts module.
 */
export function profileService(deps: {
  db: Db;
  mail: MailQueue;
  sms?: SmsSender | undefined;
  publicUrl: string | undefined;
  now?: () => Date;
}) {
  const { db } = deps;
  const repo = profileRepo(db);
  const auth = credentials(db);
  const accounts = userAccounts(db);
  const now = deps.now ?? (() => new Date());

  async function userOf(actor: Actor) {
    const user = await auth.signInUser(actor.userId);
    if (!user) throw new AppError('not_authenticated');
    return user;
  }

  async function twoStepSettings(actor: Actor): Promise<TwoStepSettings> {
    const user = await userOf(actor);
    const options = readDomainOptions(user.domain_options);
    return {
      enabled: user.two_step_auth || user.two_step_forced,
      // Forced by the domain, or on this user by whoever manages them: the user's own switch cannot lift it.
      enforced: options.two_step_auth_enforced || user.two_step_forced,
      available: options.two_step_auth,
      required: isTwoStepRequired({
        userForced: user.two_step_forced,
        userEnabled: user.two_step_auth,
        domainEnabled: options.two_step_auth,
        domainEnforced: options.two_step_auth_enforced,
      }),
      delivery: deps.sms && user.phone.trim() ? ['mail', 'sms'] : ['mail'],
    };
  }

  return {
    async update(actor: Actor, body: unknown): Promise<ProfileAnswer> {
      const fields: ProfileFields = Object.fromEntries(
        Object.entries(parseOrRefuse(profileUpdateBody, body)).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(fields).length > 0 && !(await accounts.updateOwnFields(actor.userId, fields))) {
        throw new AppError('not_authenticated');
      }
      const row = await repo.profileRow(actor.userId);
      if (!row) throw new AppError('not_authenticated');
      return { user: row };
    },

    /**
     * Checks the current password (wrong ones count as failed logins of the account, so a stolen session cannot
     * guess it quickly), sets the new one, and signs out every other session; this one stays signed in.
     */
    async changePassword(actor: Actor, body: unknown, ip: string): Promise<{ changed: true }> {
      const input = parseOrRefuse(passwordChangeSchema, body);
      const user = await userOf(actor);
      const username = user.email.toLowerCase();
      const wait = await auth.loginWaitSeconds(ip, username, now());
      if (wait > 0) throw new AppError('too_many_attempts', { retryAfterSeconds: wait });
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        await auth.recordFailedLogin(ip, username);
        throw new AppError('current_password_incorrect');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await userAccounts(trx).setPassword(user.id, passwordHash);
        const r = credentials(trx);
        await r.endOtherSessions(user.id, actor.sessionId);
        // A reset link mailed before the change must not undo it.
        await r.voidLinks(user.id, 'password_reset');
      });
      await deps.mail.send(
        passwordChangedMail(user.email, user.domain_service_name),
        `password-changed:${user.id}:${now().getTime()}`,
      );
      return { changed: true };
    },

    /**
     * The new address takes effect when its owner opens the link mailed to it: the address is the username, and
     * a typo would otherwise lock the user out. The old address is told, so a change made from a stolen session
     * does not go unnoticed.
     */
    async requestEmailChange(
      actor: Actor,
      body: unknown,
      origin: string | undefined,
    ): Promise<{ status: 'confirmation_sent'; new_email: string }> {
      const { newEmail } = parseOrRefuse(emailChangeSchema, body);
      const user = await userOf(actor);
      if (newEmail === user.email.toLowerCase()) {
        throw new AppError('validation_failed', {
          fields: [fieldError('newEmail', 'must_differ', FIELD_RULE_MESSAGES.must_differ)],
        });
      }
      await auth.throttle(
        'email_change',
        [{ subject: `user:${user.id}`, max: EMAIL_CHANGE_THROTTLE.maxPerUser }],
        EMAIL_CHANGE_THROTTLE.windowMs,
        now(),
      );
      if (await repo.emailInUse(newEmail, user.id)) throw new AppError('email_already_used');
      const { token, id } = await issueOneTimeToken({ db }, user.id, 'email_change', EMAIL_CHANGE_TTL_MS, now(), {
        email: newEmail,
      });
      const base = linkOrigin({ requestOrigin: origin, userDomainHost: user.domain_host, publicUrl: deps.publicUrl });
      await deps.mail.send(
        emailChangeConfirmMail(
          newEmail,
          user.domain_service_name,
          `${base}/user/email/confirmation/${token}`,
          EMAIL_CHANGE_TTL_MS,
        ),
        `email-change:${id}`,
      );
      await deps.mail.send(
        emailChangeNoticeMail(user.email, user.domain_service_name, maskEmail(newEmail)),
        `email-change-notice:${id}`,
      );
      return { status: 'confirmation_sent', new_email: newEmail };
    },

    /** Opened from the mailed link, signed in or not: the link itself proves the new address. */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const row = await auth.findLink(hashToken(token), 'email_change');
      const email = typeof row?.payload.email === 'string' ? row.payload.email : undefined;
      if (!row || !email || row.user_deleted_at !== null) throw new AppError('link_invalid');
      const state = oneTimeTokenState(
        { expiresAtMs: row.expires_at.getTime(), usedAtMs: row.used_at?.getTime() ?? null },
        now().getTime(),
      );
      if (state === 'used') throw new AppError('link_invalid');
      if (state === 'expired') throw new AppError('link_expired');
      try {
        await db.transaction().execute(async (trx) => {
          const r = credentials(trx);
          const p = profileRepo(trx);
          if (!(await r.useLink(row.id))) throw new AppError('link_invalid');
          // Taken by someone else since the request: the unique index would refuse it anyway.
          if (await p.emailInUse(email, row.user_id)) throw new AppError('email_already_used');
          await userAccounts(trx).setEmail(row.user_id, email);
          // Links mailed to the old address no longer belong to this account's owner.
          await r.voidLinks(row.user_id, 'password_reset');
          await r.voidLinks(row.user_id, 'email_change');
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('email_already_used');
        throw error;
      }
      return { email };
    },

    twoStepSettings,

    /** Turns the user's own two-step on or off; off is refused where the domain enforces it. */
    async setTwoStep(actor: Actor, enabled: boolean): Promise<TwoStepSettings> {
      const current = await twoStepSettings(actor);
      if (!enabled && current.enforced) throw new AppError('two_step_enforced');
      // Turning it on is for domains that offer it; a user already on (set by an operator) may keep it on.
      if (enabled && !current.available && !current.enabled) throw new AppError('forbidden');
      if (enabled !== current.enabled) await accounts.setTwoStep(actor.userId, enabled);
      return twoStepSettings(actor);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
