import { ApiError } from '../../api/apiError.ts';

/**
 * Why a mailed link (password reset, activation, e-mail confirmation) did not work, from the server's answer:
 * too old, not valid (unknown, used, or replaced by a newer mail), or something else worth a retry (network,
 * server).
 */
export type LinkProblem = 'expired' | 'invalid' | 'email_taken' | 'other';

export function linkProblemOf(error: unknown): LinkProblem {
  if (!(error instanceof ApiError)) return 'other';
  switch (error.code) {
    case 'password_reset_expired':
    case 'link_expired':
      return 'expired';
    case 'password_reset_failed':
    case 'link_invalid':
      return 'invalid';
    case 'email_already_used':
      return 'email_taken';
    default:
      // A malformed token (a truncated link) is refused like an unknown one.
      return error.status === 400 || error.status === 404 || error.status === 422 ? 'invalid' : 'other';
  }
}
