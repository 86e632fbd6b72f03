import type { UserStatus } from './roles.ts';
import { checkByTable, type TransitionCheck, type TransitionTable } from './transition.ts';

/**
 * User status transitions as a dealer would expect them:
 * - approval_pending: approved (active) or turned down (cancelled);
 * - active: disabled (inactive), contract cancellation requested (cancel_pending), term ended unpaid (expired);
 * - inactive: enabled again (active);
 * - cancel_pending: cancellation withdrawn before the term end (active), or the term ended (cancelled; the saved
 *   vehicles are then deleted);
 * - expired: paid or renewed (active), or closed for good (cancelled);
 * - cancelled: final; a returning customer registers again.
 */
export const USER_STATUS_TRANSITIONS: TransitionTable<UserStatus> = {
  approval_pending: ['active', 'cancelled'],
  active: ['inactive', 'cancel_pending', 'expired'],
  inactive: ['active'],
  cancel_pending: ['active', 'cancelled'],
  expired: ['active', 'cancelled'],
  cancelled: [],
};

export type UserStatusRefusal = 'already_in_state' | 'cancelled_is_final' | 'transition_not_allowed';

export function canTransitionUserStatus(from: UserStatus, to: UserStatus): TransitionCheck<UserStatusRefusal> {
  return checkByTable(USER_STATUS_TRANSITIONS, { cancelled: 'cancelled_is_final' }, from, to);
}

/** Service and billing continue until the term end after a cancellation request. */
export function hasService(status: UserStatus): boolean {
  switch (status) {
    case 'active':
    case 'cancel_pending':
      return true;
    case 'inactive':
    case 'cancelled':
    case 'expired':
    case 'approval_pending':
      return false;
  }
}

/**
 * Who may sign in: those with service, and expired users, who must reach the payment-failure screen to pay.
 * Disabled, cancelled and not-yet-approved users are refused.
 */
export function canSignIn(status: UserStatus): boolean {
  return hasService(status) || status === 'expired';
}
