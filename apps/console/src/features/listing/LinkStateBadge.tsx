import { Badge, type MantineSize } from '@mantine/core';
import { isLinkError, type LinkState } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { i18n } from '../../i18n/i18n.ts';

/** A link's state in plain words (an error state reads as "link error"; linkErrorText says which). */
export function LinkStateBadge({ state, testId, size }: { state: LinkState; testId: string; size?: MantineSize }) {
  const { t } = useTranslation();
  const error = isLinkError(state);
  return (
    <Badge
      variant="outline"
      size={size}
      color={state === 'linked' ? 'teal.9' : error ? 'red.9' : 'gray.8'}
      data-testid={testId}
      data-state={state}
    >
      {t(`listing.states.${error ? 'error' : state}`)}
    </Badge>
  );
}

type Translate = (key: string, options?: Record<string, string>) => string;

/** Why a link failed: its error state's message, then the partner's message id's text when it gave one. */
export function linkErrorText(t: Translate, state: LinkState, msgId: string | null | undefined): string {
  const partner = msgId ? t(`errors.listing_search.${msgId}`, { defaultValue: '' }) : '';
  return [t(`errors.listing.${state}`), partner].filter((s) => s !== '').join(' ');
}

/**
 * A refused link or unlink in the user's language. A refusal naming vehicles (`content_ids.N`: no key, a key another
 * vehicle has) reads as its code's sentence, which says what is wrong with the vehicle; the rule's generic field
 * text would name a field the dealer never sees.
 */
export function linkRefusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.general_error');
  const key = `errors.${error.code ?? ''}`;
  const aboutVehicles = error.fields.some((f) => f.field.startsWith('content_ids.'));
  return aboutVehicles && error.code && i18n.exists(key) ? i18n.t(key) : apiErrorText(error);
}
