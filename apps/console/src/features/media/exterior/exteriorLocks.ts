import {
  type ExteriorAnswer,
  isRunningProcess,
  type Operation,
  processesLocking,
  type RunningProcess,
} from '@spinyard/domain';
import { i18n } from '../../../i18n/i18n.ts';

/**
 * Which exterior controls the server would refuse now, and why: the answer's running processes against the
 * domain's lock rules (locks.ts), so a control is disabled with the process named instead of failing on click.
 */

export function runningOf(answer: Pick<ExteriorAnswer, 'processes'>): RunningProcess[] {
  return answer.processes
    .filter((p) => p.status === 'queued' || p.status === 'running')
    .map((p) => p.process)
    .filter(isRunningProcess);
}

export interface ControlLock {
  locked: boolean;
  /** Why, in the user's language (the processes named); null when free. */
  reason: string | null;
}

export const FREE: ControlLock = { locked: false, reason: null };

export function lockFor(running: readonly RunningProcess[], operation: Operation): ControlLock {
  const locking = processesLocking(operation, running);
  if (locking.length === 0) return FREE;
  const names = locking.map((p) => i18n.t(`processes.${p}`)).join(i18n.t('contentsWizard.listSeparator'));
  return { locked: true, reason: i18n.t('exterior.lockedBy', { process: names }) };
}

/** The spin is being made (its frames are not there yet): one spin at a time. */
export function spinRunning(running: readonly RunningProcess[]): boolean {
  return running.includes('multiple') || running.includes('exterior_async_upload');
}
