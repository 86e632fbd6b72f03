import { notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@spinyard/domain';
import { i18n } from '../i18n/i18n.ts';

// Mantine's close button has no name of its own; screen readers would announce just "button" (axe: button-name).
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.closeMessage') });

export function notifySuccess(message: string): void {
  notifications.show({
    message,
    color: 'green',
    autoClose: NOTIFICATION_DURATION_MS.success,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifyInfo(message: string): void {
  notifications.show({
    message,
    color: 'blue',
    autoClose: NOTIFICATION_DURATION_MS.info,
    closeButtonProps: closeButtonProps(),
  });
}

/** Second document, section 8 "Message display". A titled error stays twice as long: it usually carries a longer explanation worth reading. */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    message,
    color: 'red',
    // Line breaks separate the 422 field messages; keep them visible.
    style: { whiteSpace: 'pre-line' },
    autoClose: title ? NOTIFICATION_DURATION_MS.errorTitled : NOTIFICATION_DURATION_MS.error,
    closeButtonProps: closeButtonProps(),
    ...(title ? { title } : {}),
  });
}

/** A notification that stays while a long call runs (a spinner, no close button); answers how to take it away. */
export function notifyWorking(message: string): () => void {
  const id = notifications.show({
    message,
    color: 'blue',
    loading: true,
    autoClose: false,
    withCloseButton: false,
  });
  return () => notifications.hide(id);
}
