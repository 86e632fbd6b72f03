import { EMAIL_CHANGE_TTL_MS, emailChangeSchema, FIELD_RULE_MESSAGES, oneTimeTokenState } from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { credentials } from '../auth/credentials-service.ts';
import { linkOrigin, maskEmail } from '../auth/links.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../auth/mails.ts';
import { issueOneTimeToken } from '../auth/recovery-service.ts';
import type { Actor } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import { isUniqueViolation } from '../sql.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { type ProfileCore, parseOrRefuse } from './core.ts';
import { profileRepo } from './repo.ts';

/** Limits on e-mail change requests per user: each one mails an address the user typed. */
const EMAIL_CHANGE_THROTTLE = { windowMs: 60 * 60 * 1000, maxPerUser: 10 } as const;

/** Changing the sign-in e-mail: requested while signed in, confirmed from the link mailed to the new address. */
export function emailChanges(core: ProfileCore) {
  const { deps, db, repo, auth, now, userOf } = core;
  return {
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
      // The asking session is kept across the confirmation; every other one ends with the old address.
      const { token, id } = await issueOneTimeToken({ db }, user.id, 'email_change', EMAIL_CHANGE_TTL_MS, now(), {
        email: newEmail,
        session: actor.sessionId,
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

    /**
     * Opened from the mailed link, signed in or not: the link itself proves the new address. The sign-in name
     * changed, so every other session ends (as a password change does); the session that asked stays.
     */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const row = await auth.findLink(hashToken(token), 'email_change');
      const email = typeof row?.payload.email === 'string' ? row.payload.email : undefined;
      const askedFrom = typeof row?.payload.session === 'string' ? row.payload.session : undefined;
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
          // A link asked for before sessions were recorded in it keeps none: the owner signs in again.
          await r.endOtherSessions(row.user_id, askedFrom);
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
  };
}
