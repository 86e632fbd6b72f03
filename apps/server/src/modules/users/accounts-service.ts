import type { Db } from '../../db/database.ts';
import type { NewUser } from '../../db/schema.ts';
import { accountsRepo, type BillingState, type OwnFields } from './accounts-repo.ts';

export type { BillingState, OwnFields };

/**
 * What other areas ask of the users area, which alone writes `users` and `groups`: they have made their own
 * checks (the sign-in, the link, the operator's permission) and hand in their transaction when the write must
 * land with theirs.
 */
export function userAccounts(db: Db) {
  const repo = accountsRepo(db);
  return {
    /** A new account (the first master, a new domain's super user); the e-mail index refuses a taken address. */
    createAccount: (user: NewUser) => repo.insertAccount(user),
    setPassword: (userId: string, passwordHash: string) => repo.setPassword(userId, passwordHash),
    /** approval_pending to active; false when the user was in another status. */
    activate: (userId: string) => repo.activate(userId),
    markLogin: (userId: string) => repo.markLogin(userId),
    updateOwnFields: (userId: string, fields: OwnFields) => repo.updateOwnFields(userId, fields),
    setEmail: (userId: string, email: string) => repo.setEmail(userId, email),
    setTwoStep: (userId: string, enabled: boolean) => repo.setTwoStep(userId, enabled),
    /** Billing's changes of the plan's vehicle limit, the payment state and the contract's status (issue 19). */
    setBillingState: (userId: string, values: BillingState) => repo.setBillingState(userId, values),
    /** Every user and group of a domain that the tenancy area is deleting for good. */
    purgeDomain: (domainId: string) => repo.purgeDomain(domainId),
  };
}

export type UserAccounts = ReturnType<typeof userAccounts>;
