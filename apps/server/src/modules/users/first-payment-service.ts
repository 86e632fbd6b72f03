import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { FirstPaymentHoldReads, FirstPaymentHolds } from '../auth/first-payment-hold.ts';
import type { FinishAnswer } from '../auth/sign-in-types.ts';
import type { FirstPayment } from '../billing/signup.ts';
import { tenantRecords } from '../tenancy/tenants-service.ts';
import { usersRepo } from './repo.ts';

export interface FirstPaymentDeps {
  db: Db;
  holds: FirstPaymentHolds;
  payment: FirstPayment;
}

/**
 * The never-activated account taken back: its card released (a payment still waiting cancelled at the gateway), the
 * user removed (the address free again) and the company its registration made removed with it, so no unused company
 * is left in the lists (the user row stays, deleted and detached, for the legal acceptance it recorded).
 */
async function rollBack(trx: Db, payment: FirstPayment, userId: string): Promise<void> {
  await payment.release(trx, userId);
  const users = usersRepo(trx);
  await users.softDeleteUsers([userId]);
  for (const companyId of await users.detachDeletedFromCompany([userId])) {
    await tenantRecords(trx).removeUnusedCompany(companyId);
  }
}

/**
 * Registrations whose 3-D Secure check was abandoned (every hold lapsed unanswered, the account never activated):
 * released as a refused check is, unless the payment went through meanwhile (then the account is activated and
 * kept). Asked before a registration of the same address, and hourly by the `users.release-abandoned-signups` job,
 * so an abandoned payment is cancelled at the gateway and its company leaves the lists within the hour.
 */
export function abandonedSignups(deps: { db: Db; reads: FirstPaymentHoldReads; payment: FirstPayment }) {
  const { db, reads, payment } = deps;
  const release = async (userId: string): Promise<boolean> => {
    if (!(await reads.abandoned(userId))) return false;
    if ((await payment.settle(userId)).state === 'paid') return false;
    return db.transaction().execute(async (trx) => {
      const [locked] = await usersRepo(trx).lockUsers({ kind: 'all' }, [userId]);
      if (locked?.status !== 'approval_pending') return false;
      await rollBack(trx, payment, userId);
      return true;
    });
  };
  return {
    release,
    /** One sweep: the lapsed registrations found now, at most `limit`; answers how many were released. */
    async sweep(limit = 100): Promise<number> {
      let released = 0;
      for (const userId of await reads.lapsed(limit)) if (await release(userId)) released += 1;
      return released;
    },
  };
}

/**
 * POST /superusers-create/confirm (public): a new dealer back from the card issuer's 3-D Secure page, with the
 * sign-in hold their registration answered. Paid: the contract has started (here or by the webhook first) and the
 * hold becomes the session, as a login answers. Refused: the hold ends and the never-activated account is rolled
 * back (its card detached, the address free again), answered with the card's own error. Each step applies once,
 * so a replay or a second tab never charges, starts or rolls back twice (it finds the hold ended: 401).
 */
export function firstPaymentService(deps: FirstPaymentDeps) {
  const { db, holds, payment } = deps;
  const abandoned = abandonedSignups({ db, reads: holds, payment });

  return {
    /**
     * `giveUp`: the dealer stops waiting on a check still open (they cannot answer it, or want another card): it is
     * taken back as a refused one is, its payment cancelled at the gateway; one paid meanwhile signs in all the same.
     */
    async confirm(token: string, giveUp = false): Promise<FinishAnswer> {
      const hold = await holds.read(token);
      const settled = await payment.settle(hold.userId);
      if (settled.state === 'paid') return holds.signIn(hold, token);
      if (settled.state === 'requires_action' && !giveUp) {
        throw new AppError('payment_required', { message: 'The card issuer’s check has not been answered yet.' });
      }
      await db.transaction().execute(async (trx) => {
        const [user] = await usersRepo(trx).lockUsers({ kind: 'all' }, [hold.userId]);
        // Another confirm ended the hold first (and rolled back, or signed in): this one has nothing left to do.
        if (!user || !(await holds.end(trx, hold))) throw new AppError('not_authenticated');
        // Only an account the payment never activated is taken back; one activated since is left as it is.
        if (user.status === 'approval_pending') await rollBack(trx, payment, hold.userId);
      });
      throw new AppError(
        settled.state === 'failed' ? (settled.error as 'card_declined') : 'card_authentication_required',
      );
    },

    /**
     * Before a registration: an address still held by a registration whose 3-D Secure check was abandoned (its
     * hold lapsed unanswered, the account never activated) is freed, as a refused check frees it. One paid
     * meanwhile (the issuer answered, the webhook came) is activated instead and keeps its address.
     */
    async releaseAbandoned(email: string): Promise<void> {
      const user = await holds.accountOf(email);
      if (user?.status === 'approval_pending') await abandoned.release(user.id);
    },
  };
}

export type FirstPaymentService = ReturnType<typeof firstPaymentService>;
