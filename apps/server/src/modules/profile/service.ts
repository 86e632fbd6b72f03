import {
  isTwoStepRequired,
  type ProfileUpdatedAnswer,
  passwordChangeSchema,
  profileUpdateBody,
  readDomainOptions,
  type TwoStepAnswer,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import { credentials } from '../auth/credentials-service.ts';
import { passwordChangedMail } from '../auth/mails.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { type ProfileDeps, parseOrRefuse, profileCore } from './core.ts';
import { emailChanges } from './email-change-service.ts';
import type { ProfileFields } from './repo.ts';

/** The answer of a change of names or phone. */
type ProfileAnswer = ProfileUpdatedAnswer;
/** The two-step setting as the profile routes answer it. */
export type TwoStepSettings = TwoStepAnswer;

/**
 * The signed-in user's own account: names and phone, password, sign-in e-mail and two-step setting (the
 * /account/conf screen and the two-step edit screen). Reading the profile stays in the accounts module.
 */
export function profileService(deps: ProfileDeps) {
  const core = profileCore(deps);
  const { db, repo, auth, accounts, now, userOf } = core;

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

    ...emailChanges(core),

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
