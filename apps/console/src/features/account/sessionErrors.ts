import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { notifyError } from '../../api/notify.ts';
import { endSessionAfterUnauthorized } from '../../api/session.ts';

/**
 * The account calls are silent (their screens explain refusals beside the fields), so the catalogue's 401
 * reaction is applied here: say so, end the session in this browser, go to sign in. Answers whether it did.
 */
export function endSessionIfUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  notifyError(apiErrorText(error));
  endSessionAfterUnauthorized();
  return true;
}
