/**
 * Background processes on a content and the operations they lock (first document, section 4).
 *
 * The rules are data (LOCK_RULES) so the server can answer "which process blocks this?" in its error and the
 * console can grey out exactly the buttons the server would refuse. The lock set of several running processes
 * is the union of what each locks.
 */

/** Processes recorded on a content while a job runs, named as the spec names them (whiteblance included). */
export const BACKGROUND_PROCESSES = [
  'blur',
  'whiteblance',
  'color',
  'multiple',
  'slider_movie',
  'obvr_movie',
  'tour_movie',
  'exterior_autodetect_annotation',
  'interior_autodetect_annotation',
  'exterior_autodetect_angle',
  'interior_enhance',
  'exterior_replace_image',
  'exterior_defect',
  'exterior_autogenerate_category_images',
  'interior_autogenerate_category_images',
  'exterior_async_upload',
  'interior_async_upload',
  'exterior_extra_images_removal',
] as const;
export type BackgroundProcess = (typeof BACKGROUND_PROCESSES)[number];

/**
 * Whole-content jobs. Transfer and copy come from the lock rules; publishing from "publishing and video
 * generation also block editing". Video generation is slider_movie, obvr_movie and tour_movie, which have their
 * own rules; publishing rebuilds the published content from every part, so (our reading) it locks everything
 * while it runs, like transfer and copy.
 */
export const CONTENT_JOBS = ['transfer', 'copy', 'publishing'] as const;
export type ContentJob = (typeof CONTENT_JOBS)[number];

export type RunningProcess = BackgroundProcess | ContentJob;
export const RUNNING_PROCESSES: readonly RunningProcess[] = [...BACKGROUND_PROCESSES, ...CONTENT_JOBS];

export const OPERATION_SETS = {
  CONTENT: ['UPDATE', 'DELETE', 'TRANSFER'],
  EXTERIOR: [
    'UPLOAD',
    'UPDATE',
    'DELETE',
    'REORDER',
    'ASYNC_UPLOAD',
    'ANNOTATE',
    'DETECT_ANGLE',
    'DETECT_DEFECT',
    'APPLY_BLUR',
    'REPLACE_IMAGE',
    'REMOVE_EXTRA_IMAGES',
    'UPDATE_INITIAL_ROW',
  ],
  INTERIOR: ['UPLOAD', 'UPDATE', 'DELETE', 'REORDER', 'ASYNC_UPLOAD', 'ANNOTATE', 'ENHANCE_IMAGE_QUALITY'],
  CATEGORY_IMAGE: [
    'UPLOAD',
    'UPDATE',
    'DELETE',
    'REORDER',
    'GENERATE_IMAGE_AUTO_EXTERIOR',
    'GENERATE_IMAGE_AUTO_INTERIOR',
  ],
  ORIGINAL_MOVIE: ['UPLOAD', 'DELETE', 'REORDER'],
  OBVR_MOVIE: ['UPLOAD', 'DELETE'],
  TOUR_MOVIE: ['UPLOAD', 'DELETE'],
  VIDEO_SITE: ['UPLOAD', 'UPDATE', 'DELETE', 'REORDER'],
} as const;
export type OperationArea = keyof typeof OPERATION_SETS;
type OperationOf<A extends OperationArea> = `${A}.${(typeof OPERATION_SETS)[A][number]}`;
/** An operation identifier such as `'CONTENT.DELETE'` or `'EXTERIOR.APPLY_BLUR'`. */
export type Operation = { [A in OperationArea]: OperationOf<A> }[OperationArea];

function opsOf(area: OperationArea): Operation[] {
  return OPERATION_SETS[area].map((name: string) => `${area}.${name}` as Operation);
}

const AREAS = Object.keys(OPERATION_SETS) as OperationArea[];
export const ALL_OPERATIONS: readonly Operation[] = AREAS.flatMap(opsOf);

export function isOperation(value: unknown): value is Operation {
  return typeof value === 'string' && (ALL_OPERATIONS as readonly string[]).includes(value);
}

/** Every operation of the given areas, less the exceptions. */
function areasExcept(areas: readonly OperationArea[], except: readonly Operation[] = []): Operation[] {
  return areas.flatMap(opsOf).filter((op) => !except.includes(op));
}

export interface LockRule {
  /** The spec's wording, so a reviewer can hold the data against the text. */
  rule: string;
  processes: readonly RunningProcess[];
  locks: readonly Operation[];
}

const MOST_PROCESSES = RUNNING_PROCESSES.filter((p) => p !== 'slider_movie' && p !== 'exterior_autodetect_annotation');

export const LOCK_RULES: readonly LockRule[] = [
  {
    rule: 'Transfer and copy lock everything (publishing too: our reading of "publishing blocks editing").',
    processes: ['transfer', 'copy', 'publishing'],
    locks: ALL_OPERATIONS,
  },
  {
    rule: 'Every process except slider_movie and exterior_autodetect_annotation also locks content delete and transfer.',
    processes: MOST_PROCESSES,
    locks: ['CONTENT.DELETE', 'CONTENT.TRANSFER'],
  },
  {
    rule: 'slider_movie locks content, interior, exterior, category image and original movie operations, except annotate and defect detection.',
    processes: ['slider_movie'],
    locks: areasExcept(
      ['CONTENT', 'INTERIOR', 'EXTERIOR', 'CATEGORY_IMAGE', 'ORIGINAL_MOVIE'],
      ['EXTERIOR.ANNOTATE', 'INTERIOR.ANNOTATE', 'EXTERIOR.DETECT_DEFECT'],
    ),
  },
  {
    rule: 'obvr_movie locks exterior and obvr movie operations, except annotate and defect detection.',
    processes: ['obvr_movie'],
    locks: areasExcept(['EXTERIOR', 'OBVR_MOVIE'], ['EXTERIOR.ANNOTATE', 'EXTERIOR.DETECT_DEFECT']),
  },
  {
    rule: 'tour_movie locks interior and tour movie operations, except annotate.',
    processes: ['tour_movie'],
    locks: areasExcept(['INTERIOR', 'TOUR_MOVIE'], ['INTERIOR.ANNOTATE']),
  },
  {
    rule: 'blur, angle detection, replace image and extra-image removal lock exterior operations, exterior category generation, original movie upload and obvr movie upload.',
    processes: ['blur', 'exterior_autodetect_angle', 'exterior_replace_image', 'exterior_extra_images_removal'],
    locks: [
      ...opsOf('EXTERIOR'),
      'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR',
      'ORIGINAL_MOVIE.UPLOAD',
      'OBVR_MOVIE.UPLOAD',
    ],
  },
];

/** The operations locked while the given processes run (duplicates and unknown names are harmless). */
export function lockedOperations(runningProcesses: Iterable<RunningProcess>): Set<Operation> {
  const running = new Set<RunningProcess>(runningProcesses);
  const locked = new Set<Operation>();
  for (const r of LOCK_RULES) {
    if (r.processes.some((p) => running.has(p))) for (const op of r.locks) locked.add(op);
  }
  return locked;
}

export function isOperationLocked(operation: Operation, runningProcesses: Iterable<RunningProcess>): boolean {
  return lockedOperations(runningProcesses).has(operation);
}

/** The running processes that lock this operation, in the order given: what an error message should name. */
export function processesLocking(operation: Operation, runningProcesses: Iterable<RunningProcess>): RunningProcess[] {
  const out: RunningProcess[] = [];
  for (const p of new Set(runningProcesses)) {
    if (LOCK_RULES.some((r) => r.processes.includes(p) && r.locks.includes(operation))) out.push(p);
  }
  return out;
}

export function isRunningProcess(value: unknown): value is RunningProcess {
  return typeof value === 'string' && (RUNNING_PROCESSES as readonly string[]).includes(value);
}
