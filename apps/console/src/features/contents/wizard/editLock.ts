import {
  type ContentAnswer,
  isRunningProcess,
  type ListingLinkState,
  processesLocking,
  type RunningProcess,
} from '@spinyard/domain';

/**
 * Why a vehicle cannot be edited now, as the server would refuse it: a listing-service link that is waiting,
 * linking or linked (content_linked; first document section 4), or a running process that locks CONTENT.UPDATE
 * (content_locked, named). A finished or failed process locks nothing.
 */
export type EditLock =
  | { reason: 'listing'; state: ListingLinkState }
  | { reason: 'process'; processes: RunningProcess[] }
  | { reason: 'deleted' };

const LINK_LOCKING: readonly ListingLinkState[] = ['waiting', 'linking', 'linked'];

/** The processes still running (queued or running) on a vehicle. */
export function runningProcessesOf(content: Pick<ContentAnswer, 'processes'>): RunningProcess[] {
  return content.processes
    .filter((p) => p.status === 'queued' || p.status === 'running')
    .map((p) => p.process)
    .filter(isRunningProcess);
}

export function editLockOf(
  content: Pick<ContentAnswer, 'processes' | 'listing_link' | 'publication'>,
): EditLock | null {
  // A deleted vehicle is restored before it is edited (restore leads to unpublished, and the edit then applies).
  if (content.publication === 'deleted' || content.publication === 'permanently_deleted') return { reason: 'deleted' };
  if (LINK_LOCKING.includes(content.listing_link)) return { reason: 'listing', state: content.listing_link };
  const locking = processesLocking('CONTENT.UPDATE', runningProcessesOf(content));
  return locking.length > 0 ? { reason: 'process', processes: locking } : null;
}
