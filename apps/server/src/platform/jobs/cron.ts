/**
 * The recurring jobs' clock, in place of pg-boss's own. pg-boss asks cron-parser, once a minute on every node, for
 * each schedule's previous time; with a time zone cron-parser steps back through luxon dates and took 60 to 400 ms a
 * schedule here (1.2 s of one core each minute for our eight, in one block of the event loop: every request in
 * flight then waited, the viewer's p99 with them). Here a schedule is read once, and each minute is judged against
 * it from the wall-clock fields of that minute in its zone: microseconds.
 *
 * Each node fires every minute that matches, and the job's id is made from the job's name and the minute
 * (queue-registry.ts `jobIdFor`), so however many nodes fire it, one job is kept.
 */

/** Five fields: minute hour day-of-month month day-of-week (0 or 7 is Sunday). */
export interface CronSpec {
  readonly fields: readonly (readonly boolean[])[];
  /** Day of month and day of week both given: either may match (the cron rule); otherwise both must. */
  readonly eitherDay: boolean;
}

const BOUNDS: readonly (readonly [number, number])[] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

export class CronError extends Error {
  override readonly name = 'CronError';
}

function parseField(text: string, [min, max]: readonly [number, number], position: number): boolean[] {
  const allowed = new Array<boolean>(max + 1).fill(false);
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new CronError(`field ${position + 1} "${text}": "${part}" is not a value, range or step`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] === undefined ? (match[4] ? max : from) : Number(match[3]);
    const step = match[4] === undefined ? 1 : Number(match[4]);
    if (from < min || to > max || from > to || step < 1) {
      throw new CronError(`field ${position + 1} "${text}": ${part} is outside ${min}-${max}`);
    }
    for (let v = from; v <= to; v += step) allowed[v] = true;
  }
  return allowed;
}

export function parseCron(text: string): CronSpec {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError(`"${text}" must have five fields (minute hour day month weekday)`);
  const fields = parts.map((part, i) => parseField(part, BOUNDS[i]!, i));
  const weekdays = fields[4]!;
  if (weekdays[7]) weekdays[0] = true;
  return { fields, eitherDay: parts[2] !== '*' && parts[4] !== '*' };
}

/** A minute's wall-clock fields in a zone: minute, hour, day, month, weekday (0 Sunday). */
export type WallMinute = readonly [number, number, number, number, number];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formats = new Map<string, Intl.DateTimeFormat>();

export function wallMinute(instant: Date, timeZone: string): WallMinute {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      minute: 'numeric',
      hour: 'numeric',
      day: 'numeric',
      month: 'numeric',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = value;
  return [
    Number(part.minute),
    Number(part.hour),
    Number(part.day),
    Number(part.month),
    WEEKDAYS.indexOf(part.weekday ?? ''),
  ];
}

export function cronMatches(spec: CronSpec, [minute, hour, day, month, weekday]: WallMinute): boolean {
  const [minutes, hours, days, months, weekdays] = spec.fields as [
    boolean[],
    boolean[],
    boolean[],
    boolean[],
    boolean[],
  ];
  if (!minutes[minute] || !hours[hour] || !months[month]) return false;
  return spec.eitherDay ? Boolean(days[day] || weekdays[weekday]) : Boolean(days[day] && weekdays[weekday]);
}

export interface CronSchedule {
  name: string;
  cron: string;
  tz: string;
  /** Enqueues the job of this minute (its start, ISO 8601); the same minute may be fired by every node. */
  fire(minute: string): Promise<unknown>;
}

/** How many missed minutes a late tick still fires (an event loop held past a minute, a suspended machine). */
const CATCH_UP_MINUTES = 5;
const MINUTE_MS = 60_000;

/**
 * Fires each schedule at the minutes it matches: at once for the current minute (as pg-boss did: a node started
 * within the minute of a cron time still sends it; `started` settles once those are sent), then just after each
 * minute starts. `now` is for tests.
 */
export function startCronTicker(
  schedules: readonly CronSchedule[],
  onError: (schedule: CronSchedule, error: unknown) => void,
  now: () => number = Date.now,
): { stop(): void; started: Promise<void> } {
  const specs = schedules.map((schedule) => ({ schedule, spec: parseCron(schedule.cron) }));
  let last = Math.floor(now() / MINUTE_MS) - 1;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = (): Promise<unknown>[] => {
    const sent: Promise<unknown>[] = [];
    const current = Math.floor(now() / MINUTE_MS);
    for (let m = Math.max(last + 1, current - CATCH_UP_MINUTES + 1); m <= current; m++) {
      const instant = new Date(m * MINUTE_MS);
      for (const { schedule, spec } of specs) {
        if (!cronMatches(spec, wallMinute(instant, schedule.tz))) continue;
        sent.push(schedule.fire(instant.toISOString()).catch((error: unknown) => onError(schedule, error)));
      }
    }
    last = Math.max(last, current);
    if (!stopped) {
      // A little after the minute starts, so a clock a few milliseconds behind another node's still sees it.
      timer = setTimeout(tick, MINUTE_MS - (now() % MINUTE_MS) + 250);
      timer.unref();
    }
    return sent;
  };
  // The current minute's jobs are in the queue when the runner's start returns.
  const started = specs.length > 0 ? Promise.all(tick()).then(() => undefined) : Promise.resolve();
  return {
    started,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
