import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ListingError, type ListingService } from '../../platform/listing/port.ts';
import { listingRepo } from './repo.ts';
import { listingSealer } from './seal.ts';
import { withPartnerSlot } from './slots-repo.ts';

/** A session this close to its end is renewed before a call rather than failing in the middle of one. */
const SESSION_MARGIN_MS = 60_000;

/** A partner failure as the dealer reads it: the partner's message id kept, never a 500. */
export function appErrorOf(error: unknown): unknown {
  if (!(error instanceof ListingError)) return error;
  const params = { msg_id: error.msgId };
  switch (error.failure) {
    case 'refused':
      return new AppError('listing_partner_refused', { params });
    case 'session_expired':
      return new AppError('listing_login_required', { params });
    case 'outside_hours':
      return new AppError('listing_outside_hours', { params, retryAfterSeconds: 3600 });
    case 'timeout':
      return new AppError('listing_partner_timeout', { params });
    case 'malformed':
    case 'unavailable':
      return new AppError('listing_partner_invalid', { params });
  }
}

export interface SessionDeps {
  db: Db;
  partner: ListingService;
  /** At most this many partner calls at once across the nodes. */
  parallel: number;
}

/**
 * The partner's session of a dealer, kept sealed on their account row: used while it holds, renewed with the sealed
 * password when it ran out (or the partner says so), and the account marked signed out when the partner refuses the
 * password (the dealer signs in again from /account-link).
 */
export function listingSessions(deps: SessionDeps) {
  const { db, partner } = deps;
  const repo = listingRepo(db);
  const slot = <T>(call: () => Promise<T>) => withPartnerSlot(db, deps.parallel, call);

  async function renew(userId: string, password: string): Promise<string> {
    const sealer = await listingSealer(db);
    const account = await repo.account(userId);
    if (!account) throw new AppError('listing_login_required');
    try {
      const session = await slot(() =>
        partner.signIn({
          loginId: account.login_id,
          password,
          corporationCode: account.corporation_code,
          contactCode: account.contact_code,
        }),
      );
      await repo.updateAccount(userId, {
        secret_sealed: sealer.seal({ password, session }),
        signed_in: true,
        last_msg_id: null,
      });
      return session.token;
    } catch (error) {
      if (error instanceof ListingError && error.failure === 'refused') {
        await repo.updateAccount(userId, { signed_in: false, last_msg_id: error.msgId });
        throw new AppError('listing_login_required', { params: { msg_id: error.msgId } });
      }
      throw error;
    }
  }

  async function sessionFor(userId: string, force = false): Promise<string> {
    const account = await repo.account(userId);
    if (!account?.signed_in) throw new AppError('listing_login_required');
    const secret = (await listingSealer(db)).open(account.secret_sealed);
    if (!secret) throw new AppError('listing_login_required');
    if (!force && secret.session && secret.session.expiresAt > Date.now() + SESSION_MARGIN_MS) {
      return secret.session.token;
    }
    return renew(userId, secret.password);
  }

  return {
    sessionFor,
    /** `call` with the dealer's session, within a partner slot; once more with a new session if the partner ended it. */
    async withSession<T>(userId: string, call: (session: string) => Promise<T>): Promise<T> {
      const session = await sessionFor(userId);
      try {
        return await slot(() => call(session));
      } catch (error) {
        if (!(error instanceof ListingError) || error.failure !== 'session_expired') throw error;
        const renewed = await sessionFor(userId, true);
        return slot(() => call(renewed));
      }
    },

    /** The dealer's sign-in from /account-link: the partner checks the password; both are kept sealed. */
    async signIn(
      userId: string,
      input: { login_id: string; password: string; corporation_code: string; contact_code: string },
    ) {
      const sealer = await listingSealer(db);
      let session: Awaited<ReturnType<ListingService['signIn']>>;
      try {
        session = await slot(() =>
          partner.signIn({
            loginId: input.login_id,
            password: input.password,
            corporationCode: input.corporation_code,
            contactCode: input.contact_code,
          }),
        );
      } catch (error) {
        if (error instanceof ListingError && error.failure === 'refused') {
          throw new AppError('listing_login_failed', {
            params: { msg_id: error.msgId },
            fields: [
              fieldError('password', 'partner_credentials', 'The listing service refused this login ID or password.'),
            ],
          });
        }
        throw appErrorOf(error);
      }
      const client = await slot(() => partner.clientInfo(session.token)).catch(() => null);
      await repo.saveAccount({
        user_id: userId,
        login_id: input.login_id,
        corporation_code: input.corporation_code,
        contact_code: input.contact_code,
        secret_sealed: sealer.seal({ password: input.password, session }),
        signed_in: true,
        client: client as Record<string, unknown> | null,
        last_msg_id: null,
      });
    },

    async signOut(userId: string): Promise<void> {
      const account = await repo.account(userId);
      if (!account) return;
      const secret = (await listingSealer(db)).open(account.secret_sealed);
      const token = secret?.session?.token;
      // Forgetting the session here is what matters; the partner's own sign-out is a courtesy.
      if (token) await slot(() => partner.signOut(token)).catch(() => undefined);
      await repo.updateAccount(userId, {
        secret_sealed: (await listingSealer(db)).seal({ password: '', session: null }),
        signed_in: false,
      });
    },
  };
}

export type ListingSessions = ReturnType<typeof listingSessions>;
