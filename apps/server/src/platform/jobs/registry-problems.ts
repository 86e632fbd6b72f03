import { parseCron } from './cron.ts';
import type { JobDefinition, JobHandlers } from './queue-registry.ts';

/** Every problem at once, so a misconfigured registry is fixed in one go instead of one start per mistake. */
export function registryProblems(definitions: readonly JobDefinition<never>[], handlers: JobHandlers): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { name } of definitions) {
    if (seen.has(name)) {
      problems.push(`job "${name}" is defined more than once`);
      continue;
    }
    seen.add(name);
    if (!Object.hasOwn(handlers, name)) problems.push(`job "${name}" has no handler`);
  }
  for (const { name, schedule } of definitions) {
    if (!schedule) continue;
    try {
      parseCron(schedule.cron);
      new Intl.DateTimeFormat('en-US', { timeZone: schedule.tz });
    } catch (error) {
      problems.push(`job "${name}" has a bad schedule: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const name of Object.keys(handlers)) {
    if (!seen.has(name)) problems.push(`handler "${name}" has no job definition`);
  }
  return problems;
}
