import { notifications } from '@mantine/notifications';

/** Second document, section 8 "Message display": how long each kind of message stays. */
export const NOTIFY_DURATION_MS = {
  success: 3000,
  error: 5000,
  errorWithTitle: 10_000,
  info: 3000,
} as const;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: NOTIFY_DURATION_MS.success });
}

export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'blue', autoClose: NOTIFY_DURATION_MS.info });
}

/** A titled error stays twice as long: it usually carries a longer explanation worth reading. */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    message,
    color: 'red',
    // Line breaks separate the 422 field messages; keep them visible.
    style: { whiteSpace: 'pre-line' },
    autoClose: title ? NOTIFY_DURATION_MS.errorWithTitle : NOTIFY_DURATION_MS.error,
    ...(title ? { title } : {}),
  });
}
