import { notifySuccess } from '../../api/notify.ts';

/** A success message (second document section 8: 3 s); kept as the auth screens' name for the shared one. */
export function notifyDone(message: string): void {
  notifySuccess(message);
}
