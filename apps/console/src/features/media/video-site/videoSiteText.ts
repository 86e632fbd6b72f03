import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { notifyInfo } from '../../../api/notify.ts';
import { refusalOf } from '../../../components/refusal.ts';
import { i18n } from '../../../i18n/i18n.ts';

/** The service's reason as the dealer reads it (catalogue videoSharing.reasons), or null when it has none. */
export function reasonText(reason: unknown): string | null {
  if (typeof reason !== 'string' || !reason) return null;
  const key = `videoSharing.reasons.${reason}`;
  return i18n.exists(key) ? i18n.t(key) : null;
}

/** A refused call: the service's reason as an info message (the spec shows them so), any other refusal as usual. */
export function notifyVideoSiteRefusal(error: unknown): void {
  const reason = error instanceof ApiError ? reasonText(error.params.reason) : null;
  if (reason) notifyInfo(reason);
  else refusalOf(error, (e) => apiErrorText(e));
}
