import { chmod, mkdir } from 'node:fs/promises';

/**
 * Files the server writes that hold secrets (mails with live sign-in links, SMS with sign-in codes, passwords):
 * readable by the server's own user only. Other users of the machine must not harvest a reset link from the
 * outbox.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes `dir` (and any missing parent) owner-only. The mode of `mkdir` applies only to folders it creates, so a
 * folder left readable by an older version is narrowed too: its files, written before, then stay unreachable.
 */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}
