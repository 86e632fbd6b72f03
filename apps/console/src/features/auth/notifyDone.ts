import { notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@spinyard/domain';
import { i18n } from '../../i18n/i18n.ts';

/**
 * A success message (second document section 8: 3 s) whose close button has a name. The shared notifySuccess
 * leaves Mantine's close button unnamed, which screen readers announce as just "button" (axe: button-name).
 */
export function notifyDone(message: string): void {
  notifications.show({
    message,
    color: 'green',
    autoClose: NOTIFICATION_DURATION_MS.success,
    closeButtonProps: { 'aria-label': i18n.t('common.closeMessage') },
  });
}
