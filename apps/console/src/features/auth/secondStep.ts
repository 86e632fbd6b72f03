import { TWO_STEP_MAX_ATTEMPTS } from '@spinyard/domain';
import { ApiError } from '../../api/apiError.ts';
import type { LoginNotice } from './loginState.ts';

/** What the code page does with a refused code. */
export type SecondStepReaction =
  /** A wrong code: say so beside the field and let the user try again. */
  | { kind: 'retry'; wrongCodes: number }
  /** The held sign-in is over: back to the login form with this notice. */
  | { kind: 'restart'; notice: LoginNotice }
  /** Anything else (a rate limit, the network): shown above the form; the user may try again. */
  | { kind: 'message' };

/**
 * 400 two_step_code_invalid may be retried until the server's limit of wrong codes (after the last one it ends
 * the sign-in, so the page sends the user back rather than wait for the 401); 400 two_step_code_expired and any
 * 401 end the sign-in.
 */
export function secondStepReaction(error: unknown, wrongCodesBefore: number): SecondStepReaction {
  if (!(error instanceof ApiError)) return { kind: 'message' };
  if (error.status === 401) return { kind: 'restart', notice: 'sign_in_ended' };
  if (error.code === 'two_step_code_expired') return { kind: 'restart', notice: 'two_step_code_expired' };
  if (error.code === 'two_step_code_invalid') {
    const wrongCodes = wrongCodesBefore + 1;
    return wrongCodes >= TWO_STEP_MAX_ATTEMPTS
      ? { kind: 'restart', notice: 'two_step_code_invalid' }
      : { kind: 'retry', wrongCodes };
  }
  return { kind: 'message' };
}
