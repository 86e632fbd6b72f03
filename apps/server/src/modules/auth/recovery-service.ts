import {
  ACTIVATION_TTL_MS,
  canSignIn,
  emailRequestBody,
  newPasswordBody,
  oneTimeTokenState,
  PASSWORD_RESET_TTL_MS,
  parseFields,
} from '@spinyard/domain';
import type { z } from 'zod';
import type { OneTimePurpose } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ModuleContext } from '../context.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { linkOrigin, maskEmail } from './links.ts';
import { accountReadyMail, activationMail, passwordChangedMail, passwordResetMail } from './mails.ts';
import { hashPassword, hasOwnPassword } from './passwords.ts';
import { enforceThrottle, MAIL_REQUEST_THROTTLE } from './rate-limit.ts';
import { type AuthRepo, authRepo } from './repo.ts';
import { hashToken, newToken } from './tokens.ts';

type RecoveryContext = Pick<ModuleContext, 'db' | 'mail' | 'publicUrl'>;

function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseFields(schema, input);
  if (!parsed.ok) throw new AppError('validation_failed', { fields: parsed.fields });
  return parsed.data;
}

/**
 * Issues a one-time link token: earlier unused tokens of the same purpose end (the newest mail is the one that
 * works), and only the digest is stored.
 */
export async function issueOneTimeToken(
  ctx: Pick<ModuleContext, 'db'>,
  userId: string,
  purpose: OneTimePurpose,
  ttlMs: number,
  now: Date,
  payload?: Record<string, unknown>,
): Promise<{ token: string; id: string }> {
  const { token, hash } = newToken();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = authRepo(trx);
    await r.voidOneTimeTokens(userId, purpose);
    return r.insertOneTimeToken({
      userId,
      purpose,
      hash,
      expiresAt: new Date(now.getTime() + ttlMs),
      ...(payload ? { payload } : {}),
    });
  });
  return { token, id: row.id };
}

/**
 * Mails the activation link of an `approval_pending` user: `{origin}/user/activation/{token}`, valid 7 days;
 * a new mail replaces the earlier links. For the users and tenancy areas, after the transaction that created
 * the user has committed. `origin` is the request's Origin header (or undefined): it is used only when it is the
 * user's own domain or the public URL. Answers whether a mail was sent (false: no such user, or not pending).
 */
export async function sendActivationMail(
  ctx: RecoveryContext,
  userId: string,
  origin: string | undefined,
  now: Date = new Date(),
): Promise<boolean> {
  const repo = authRepo(ctx.db);
  const user = await repo.findUserWithDomain(userId);
  if (user?.status !== 'approval_pending') return false;
  const { token, id } = await issueOneTimeToken(ctx, user.id, 'activation', ACTIVATION_TTL_MS, now);
  const base = linkOrigin({ requestOrigin: origin, userDomainHost: user.domain_host, publicUrl: ctx.publicUrl });
  await ctx.mail.send(
    activationMail(user.email, user.domain_service_name, `${base}/user/activation/${token}`, ACTIVATION_TTL_MS),
    `activation:${id}`,
  );
  return true;
}

/**
 * Password reset and account activation: the mailed-link paths. Answers never say whether an address is
 * registered; the links carry random tokens stored as digests, work once, and expire.
 */
export function recoveryService(ctx: RecoveryContext & { now?: () => Date }) {
  const repo = authRepo(ctx.db);
  const now = ctx.now ?? (() => new Date());

  /** Counts this request against the per-address and per-client limits, or refuses it with 429. */
  function throttle(action: string, email: string, ip: string): Promise<void> {
    const { windowMs, maxPerEmail, maxPerIp } = MAIL_REQUEST_THROTTLE;
    const limits = [
      { subject: `email:${email}`, max: maxPerEmail },
      { subject: `ip:${ip}`, max: maxPerIp },
    ];
    return enforceThrottle(repo, action, limits, windowMs, now());
  }

  /** The reset token's row when it can still be used; the catalogue's refusal otherwise. */
  async function usableResetToken(r: AuthRepo, token: string) {
    const row = await r.findOneTimeToken(hashToken(token), 'password_reset');
    if (!row || row.user_deleted_at !== null || !canSignIn(row.status)) throw new AppError('password_reset_failed');
    const state = oneTimeTokenState(
      { expiresAtMs: row.expires_at.getTime(), usedAtMs: row.used_at?.getTime() ?? null },
      now().getTime(),
    );
    if (state === 'used') throw new AppError('password_reset_failed');
    if (state === 'expired') throw new AppError('password_reset_expired');
    return row;
  }

  return {
    async requestPasswordReset(body: unknown, ip: string, origin: string | undefined): Promise<{ accepted: true }> {
      const { email } = parseOrRefuse(emailRequestBody, body);
      await throttle('password_reset', email, ip);
      const user = await repo.findUserWithDomainByEmail(email);
      // Accounts that cannot sign in (disabled, cancelled, not yet activated) get nothing: a new password would
      // not let them in, and the same answer keeps their state private.
      if (user && canSignIn(user.status)) {
        const { token, id } = await issueOneTimeToken(ctx, user.id, 'password_reset', PASSWORD_RESET_TTL_MS, now());
        const base = linkOrigin({ requestOrigin: origin, userDomainHost: user.domain_host, publicUrl: ctx.publicUrl });
        await ctx.mail.send(
          passwordResetMail(
            user.email,
            user.domain_service_name,
            `${base}/user/password/confirmation/${token}`,
            PASSWORD_RESET_TTL_MS,
          ),
          `password-reset:${id}`,
        );
      }
      return { accepted: true };
    },

    /** `first_password`: the account has none yet (it was just activated), so the screens speak of activation. */
    async checkPasswordReset(token: string): Promise<{ email: string; first_password: boolean }> {
      const row = await usableResetToken(repo, token);
      const user = await repo.findUserWithDomain(row.user_id);
      return { email: maskEmail(row.email), first_password: user !== undefined && !hasOwnPassword(user.password_hash) };
    },

    /**
     * Sets the new password, uses the link up, and signs the user out everywhere: whoever had a session may be
     * the reason the password was reset.
     */
    async completePasswordReset(token: string, body: unknown): Promise<{ reset: true; first_password: boolean }> {
      // The link first: a user with a dead link should not be asked to fix their password before learning it.
      await usableResetToken(repo, token);
      const { password } = parseOrRefuse(newPasswordBody, body);
      const passwordHash = await hashPassword(password);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const r = authRepo(trx);
        const found = await usableResetToken(r, token);
        const before = await r.findUserWithDomain(found.user_id);
        if (!(await r.useOneTimeToken(found.id))) throw new AppError('password_reset_failed');
        await userAccounts(trx).setPassword(found.user_id, passwordHash);
        await r.revokeUserSessions(found.user_id);
        await r.voidOneTimeTokens(found.user_id, 'password_reset');
        return { ...found, firstPassword: before !== undefined && !hasOwnPassword(before.password_hash) };
      });
      // The owner of the mailbox has proved who they are: earlier wrong passwords no longer hold them back.
      await repo.clearUsernameFailures(row.email.toLowerCase());
      const user = await repo.findUserWithDomain(row.user_id);
      const serviceName = user?.domain_service_name ?? '';
      // The first password of a new account completes its activation: a welcome, not a "password changed" alarm.
      await ctx.mail.send(
        row.firstPassword ? accountReadyMail(row.email, serviceName) : passwordChangedMail(row.email, serviceName),
        `${row.firstPassword ? 'account-ready' : 'password-changed:reset'}:${row.id}`,
      );
      return { reset: true, first_password: row.firstPassword };
    },

    /** approval_pending to active. Opening the link again later says so instead of failing. */
    async activate(
      token: string,
    ): Promise<{ status: 'activated' | 'already_active'; email: string; password_token?: string }> {
      const row = await repo.findOneTimeToken(hashToken(token), 'activation');
      if (!row || row.user_deleted_at !== null) throw new AppError('link_invalid');
      const email = maskEmail(row.email);
      const state = oneTimeTokenState(
        { expiresAtMs: row.expires_at.getTime(), usedAtMs: row.used_at?.getTime() ?? null },
        now().getTime(),
      );
      if (row.status === 'active') return { status: 'already_active', email };
      if (state === 'used') throw new AppError('link_invalid');
      if (state === 'expired') throw new AppError('link_expired');
      // Disabled or cancelled meanwhile: an old link must not bring the account back.
      if (row.status !== 'approval_pending') throw new AppError('link_invalid');
      const result = await ctx.db.transaction().execute(async (trx) => {
        const r = authRepo(trx);
        if (!(await r.useOneTimeToken(row.id))) return { activated: false, needsPassword: false };
        if (!(await userAccounts(trx).activate(row.user_id))) throw new AppError('link_invalid');
        await r.voidOneTimeTokens(row.user_id, 'activation');
        const user = await r.findUserWithDomain(row.user_id);
        return { activated: true, needsPassword: user !== undefined && !hasOwnPassword(user.password_hash) };
      });
      // An account made for someone else has no password yet: the activation hands over a fresh
      // password-setting link, so the new user chooses one right away instead of going through "forgot".
      const passwordToken = result.needsPassword
        ? (await issueOneTimeToken(ctx, row.user_id, 'password_reset', PASSWORD_RESET_TTL_MS, now())).token
        : undefined;
      return {
        status: result.activated ? 'activated' : 'already_active',
        email,
        ...(passwordToken ? { password_token: passwordToken } : {}),
      };
    },

    async resendActivation(body: unknown, ip: string, origin: string | undefined): Promise<{ accepted: true }> {
      const { email } = parseOrRefuse(emailRequestBody, body);
      await throttle('activation_resend', email, ip);
      const user = await repo.findUserWithDomainByEmail(email);
      if (user) await sendActivationMail(ctx, user.id, origin, now());
      return { accepted: true };
    },
  };
}

export type RecoveryService = ReturnType<typeof recoveryService>;
