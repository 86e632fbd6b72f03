import type { ProcessAnswer } from '@spinyard/domain';
import { useContent } from './contentDetail.ts';
import { useContentProgress } from './contentProgress.ts';

const ended = (p: ProcessAnswer) => p.status === 'succeeded' || p.status === 'failed';

/**
 * A screen's processes merged with the vehicle's own, which the process socket keeps live; for one process, the one
 * further along wins.
 */
export function mergeProcesses(answer: readonly ProcessAnswer[], live: readonly ProcessAnswer[]): ProcessAnswer[] {
  const byId = new Map(answer.map((p) => [p.id, p]));
  for (const p of live) {
    const known = byId.get(p.id);
    if (!known || (ended(p) && !ended(known)) || (!ended(known) && p.progress > known.progress)) byId.set(p.id, p);
  }
  return [...byId.values()];
}

const NONE: readonly ProcessAnswer[] = [];

/**
 * The vehicle's processes as a media panel should show them: its area's answer (which lists running processes
 * only, read when something makes it stale) and the vehicle's, kept live by the process socket while the panel is
 * mounted. Without the socket a run's progress would not move and its end would never be seen: the area's answer
 * is not polled for every process, and only the socket's end of a run makes the vehicle's reads stale.
 */
export function useLiveProcesses(contentId: string, answer: readonly ProcessAnswer[] | undefined): ProcessAnswer[] {
  useContentProgress();
  const vehicle = useContent(contentId);
  return mergeProcesses(answer ?? NONE, vehicle.data?.processes ?? NONE);
}
