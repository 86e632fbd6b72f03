import { isRunningProcess, PROCESS_KINDS, type ProcessAnswer, type ProcessKind } from '@spinyard/domain';
import type { ContentProcessRow } from '../contents/repo.ts';

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** The kind of work a run's payload names (`auto` of a blur, `mode` of a row edit), else null. */
function kindOf(payload: Record<string, unknown> | null | undefined): ProcessKind | null {
  const named = payload?.auto ?? payload?.mode;
  return (PROCESS_KINDS as readonly unknown[]).includes(named) ? (named as ProcessKind) : null;
}

/** A process row as answered; a row whose name this build does not know (an older worker's) is left out. */
export function toProcessAnswer(p: ContentProcessRow): ProcessAnswer | null {
  if (!isRunningProcess(p.process)) return null;
  return {
    id: p.id,
    process: p.process,
    kind: kindOf(p.payload),
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

/** What starting a process answers: the vehicle and the process as it was recorded (a row of this build's names). */
export function startedAnswer(row: ContentProcessRow): { content_id: string; process: ProcessAnswer } {
  const process = toProcessAnswer(row);
  if (!process) throw new Error(`The process ${row.process} is unknown to this build.`);
  return { content_id: row.content_id, process };
}
