import { isRunningProcess, type ProcessAnswer } from '@spinyard/domain';
import type { ContentProcessRow } from '../contents/repo.ts';

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** A process row as answered; a row whose name this build does not know (an older worker's) is left out. */
export function toProcessAnswer(p: ContentProcessRow): ProcessAnswer | null {
  if (!isRunningProcess(p.process)) return null;
  return {
    id: p.id,
    process: p.process,
    status: p.status,
    progress: p.progress,
    started_at: iso(p.started_at),
    finished_at: p.finished_at === null ? null : iso(p.finished_at),
    error: p.error,
  };
}

export function toProcessAnswers(rows: readonly ContentProcessRow[]): ProcessAnswer[] {
  return rows.map(toProcessAnswer).filter((p): p is ProcessAnswer => p !== null);
}
