import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ModuleContext } from '../context.ts';
import { authRepo } from './repo.ts';
import { type Device, signInTokens } from './sign-in-finish.ts';
import type { FinishAnswer } from './sign-in-types.ts';
import { hashToken } from './tokens.ts';

/**
 * How long a paid registration's sign-in is held while the card issuer's 3-D Secure challenge is answered: a
 * challenge takes a minute or two (a code by SMS, the bank's app); past this the dealer registers again.
 */
export const FIRST_PAYMENT_HOLD_TTL_MS = 30 * 60 * 1000;

/** A live hold as the confirm reads it. */
export interface FirstPaymentHold {
  userId: string;
  sessionId: string;
  device: Device;
  expiresAt: Date;
}

/**
 * The sign-in held for a new dealer whose first payment waits on 3-D Secure: a temporary token of its own
 * purpose (stored as a digest, as the two-step and login-limit holds are), answered by the registration and kept
 * by the console in the tab's sessionStorage. The confirm call reads it, and either ends it with the sign-in
 * (the same answer as a login) or ends it with the rolled-back account.
 */
/** What the rollback of abandoned registrations reads of the holds: the database alone (jobs have no AuthService). */
export function firstPaymentHoldReads(db: Db, now: () => Date = () => new Date()) {
  return {
    /** True when the user's sign-in was held for a first payment and every such hold has ended (used or lapsed). */
    async abandoned(userId: string): Promise<boolean> {
      const holds = await authRepo(db).temporaryTokensOf(userId, 'first_payment');
      const live = holds.some((h) => h.revoked_at === null && h.expires_at.getTime() > now().getTime());
      return holds.length > 0 && !live;
    },

    /** Accounts never activated whose first-payment holds have all ended, at most `limit`. */
    lapsed: (limit: number) => authRepo(db).usersWithEndedHolds('first_payment', now(), limit),
  };
}

export type FirstPaymentHoldReads = ReturnType<typeof firstPaymentHoldReads>;

export function firstPaymentHolds(ctx: Pick<ModuleContext, 'db' | 'auth'>, now: () => Date = () => new Date()) {
  const tokens = signInTokens({ db: ctx.db, auth: ctx.auth, now });
  return {
    ...firstPaymentHoldReads(ctx.db, now),
    /** Issued in the registration's transaction, so an account rolled back leaves no hold. */
    async issue(trx: Db, userId: string, device: Device): Promise<{ token: string; expires_in: number }> {
      const r = authRepo(trx);
      const user = await r.findUserWithDomain(userId);
      if (!user) throw new AppError('not_found');
      const held = await tokens.newTemporaryToken(r, user, device, 'first_payment', FIRST_PAYMENT_HOLD_TTL_MS);
      return { token: held.token, expires_in: Math.floor(FIRST_PAYMENT_HOLD_TTL_MS / 1000) };
    },

    /** The live hold of this token: unknown, of another purpose, ended, expired or of a removed account is 401. */
    async read(token: string): Promise<FirstPaymentHold> {
      const found = await authRepo(ctx.db).findTemporaryToken(hashToken(token));
      if (
        found?.purpose !== 'first_payment' ||
        found.revoked_at !== null ||
        found.user_deleted_at !== null ||
        found.expires_at.getTime() <= now().getTime()
      ) {
        throw new AppError('not_authenticated');
      }
      return {
        userId: found.user_id,
        sessionId: found.session_id,
        device: { device: found.device, application: found.application, ip: found.ip },
        expiresAt: found.expires_at,
      };
    },

    /** Ends the hold in the caller's transaction; true only for the one caller that ended it. */
    async end(trx: Db, hold: FirstPaymentHold): Promise<boolean> {
      return (await authRepo(trx).revokeSession(hold.sessionId)) > 0;
    },

    /** The account an address signs in to, with its status (undefined when none is live). */
    accountOf(email: string) {
      return authRepo(ctx.db).findUserWithDomainByEmail(email.trim().toLowerCase());
    },

    /** The paid account signs in: the hold becomes the session once (a replay finds it ended: 401). */
    async signIn(hold: FirstPaymentHold, token: string): Promise<FinishAnswer> {
      const user = await authRepo(ctx.db).findUserWithDomain(hold.userId);
      if (!user) throw new AppError('not_authenticated');
      return tokens.finish(user, hold.device, { token, sessionId: hold.sessionId, expiresAt: hold.expiresAt });
    },
  };
}

export type FirstPaymentHolds = ReturnType<typeof firstPaymentHolds>;
