import type { FirstPaymentConfirmBody } from '@spinyard/domain';
import { ApiError } from '../../../api/apiError.ts';
import { apiRequest } from '../../../api/client.ts';
import { interpretLoginAnswer, type LoginOutcome } from '../../../api/loginAnswer.ts';
import { forgetPreviousSession } from '../../../api/session.ts';
import { tokens } from '../../../api/tokens.ts';

/** What the confirm of a registration's 3-D Secure first payment came to. */
export type FirstPaymentOutcome =
  | { kind: 'signed_in' }
  | { kind: 'held'; outcome: LoginOutcome }
  /** The card was refused at the issuer's check: the account was rolled back, the plan is to be paid again. */
  | { kind: 'refused'; code: string }
  /** The issuer's check is still open (back before answering it). */
  | { kind: 'unanswered' }
  /** The hold has ended (used, expired, or never known): nothing to confirm from this tab. */
  | { kind: 'ended' };

/**
 * POST /v1/superusers-create/confirm with the tab's hold (`giveUp`: the dealer stops waiting on the check, which
 * the server cancels; answered `refused` unless it was paid meanwhile). The paid answer is a login's: its tokens are stored as a
 * sign-in stores them (the previous session of the tab forgotten first).
 */
export async function confirmFirstPayment(hold: string, giveUp = false): Promise<FirstPaymentOutcome> {
  try {
    const { status, data } = await apiRequest<unknown>('/v1/superusers-create/confirm', {
      method: 'POST',
      auth: 'none',
      errors: 'silent',
      json: (giveUp ? { hold_token: hold, give_up: true } : { hold_token: hold }) satisfies FirstPaymentConfirmBody,
    });
    const outcome = interpretLoginAnswer(status, data);
    if (outcome.kind !== 'signed_in') return { kind: 'held', outcome };
    forgetPreviousSession();
    tokens.saveSignedIn(outcome.accessToken, outcome.contentToken);
    return { kind: 'signed_in' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'payment_required') return { kind: 'unanswered' };
    if (error.status === 402 && error.code) return { kind: 'refused', code: error.code };
    if (error.status === 401) return { kind: 'ended' };
    throw error;
  }
}
