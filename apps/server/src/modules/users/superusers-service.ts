import {
  type CancellationPreviewAnswer,
  canEditUser,
  canManageSuperusers,
  canTransitionUserStatus,
  type SuperuserListQuery,
  serviceEndAfterCancellation,
  type UserAnswer,
} from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { hasLiveContract } from '../billing/contract.ts';
import { targetOf } from './actor.ts';
import { toUserAnswer, type UsersCore, visibleUser } from './core.ts';
import type { UserRecord } from './repo.ts';

/** Super users: the operator registers and edits them; the contract holder is found and cancels the contract. */
import { superuserEdits } from './superuser-edits-service.ts';
export function superusersService(core: UsersCore) {
  const { repo, context, answerFor, listPage } = core;
  return {
    async listSuperusers(actor: Actor, q: SuperuserListQuery) {
      const c = await context(actor);
      enforce(canManageSuperusers(c.permission));
      return listPage(
        {
          scope: c.scope,
          privilegeTypes: ['super'],
          q: q.q,
          status: q.status,
          domainId: q.domain_id,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        },
        toUserAnswer,
      );
    },

    async getSuperuser(actor: Actor, id: string): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      if (target.privilege_type !== 'super') throw new AppError('not_found');
      enforce(canEditUser(c.permission, targetOf(target)));
      return toUserAnswer(target);
    },

    ...superuserEdits(core),

    /**
     * GET /superusers-user: the super user who holds the caller's contract: the super of the caller's company, or
     * of its headquarters when the company is a branch. A super gets themself; master, and users of a company
     * without a super user, get 404. The answer is a contact card (name, e-mail, company), which every member of
     * the company may read.
     */
    async superOfCaller(actor: Actor) {
      const c = await context(actor);
      const p = c.permission;
      if (p.privilegeType === 'super') {
        const self = await repo.findUser(c.scope, p.id);
        if (self) return toContact(self);
      }
      const found = p.privilegeType !== 'master' && p.companyId ? await repo.superOfCompany(p.companyId) : undefined;
      if (found?.domain_id !== p.domainId) throw new AppError('not_found');
      return toContact(found);
    },

    /**
     * Contract cancellation: the super user's status becomes cancel_pending; service and billing continue until
     * the term end, when the billing job cancels the contract. The super themself or master; terms must be
     * accepted.
     */
    async cancelSuperuser(actor: Actor, id: string, acceptTerms: boolean): Promise<UserAnswer> {
      const target = await cancellableSuper(core, actor, id);
      if (!acceptTerms) {
        throw new AppError('terms_not_accepted', {
          fields: [fieldError('accept_terms', 'required', 'Please accept the terms.')],
        });
      }
      await repo.updateUser(target.id, { status: 'cancel_pending', service_ends_at: superServiceEnd(target) });
      return answerFor(target.id);
    },

    /**
     * GET /superusers/cancel/{id}/preview: the end the cancellation would set now, for the confirm screen. A super
     * user's contract is not charged by card here (`charges` null). Changes nothing.
     */
    async previewSuperCancel(actor: Actor, id: string): Promise<CancellationPreviewAnswer> {
      const target = await cancellableSuper(core, actor, id);
      return { service_ends_at: superServiceEnd(target).toISOString(), charges: null };
    },
  };
}

/** The super user whose contract `actor` may cancel now, or the refusal the cancellation answers. */
async function cancellableSuper(core: UsersCore, actor: Actor, id: string): Promise<UserRecord> {
  const c = await core.context(actor);
  const target = await visibleUser(core.repo, c, id);
  if (target.privilege_type !== 'super') throw new AppError('not_found');
  enforce(canEditUser(c.permission, targetOf(target)));
  // A super never pays by card (docs/decisions.md, "Billing: super cancellation"): a card contract on the
  // account is refused here rather than left charging a cancelled user.
  if (await hasLiveContract(core.db, target.id)) {
    throw new AppError('conflict', {
      message: 'This account has a card subscription: it is cancelled from its own contract page first.',
    });
  }
  const move = canTransitionUserStatus(target.status, 'cancel_pending');
  if (!move.ok) {
    throw new AppError('invalid_state_transition', {
      message: `A contract in status ${target.status} cannot be cancelled.`,
    });
  }
  return target;
}

/**
 * A super user's term end, the one function the cancellation and its preview use. Until billing keeps the terms,
 * they run monthly from the account's activation (a super's terms count from there, a card contract's from its
 * subscription's start).
 */
function superServiceEnd(target: UserRecord): Date {
  return serviceEndAfterCancellation(new Date(), target.activated_at ?? target.created_at);
}

function toContact(u: UserRecord) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    display_name: u.display_name || u.name,
    status: u.status,
    company_id: u.company_id,
    company_name: u.company_name,
  };
}
