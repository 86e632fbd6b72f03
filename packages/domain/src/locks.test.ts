import { describe, expect, it } from 'vitest';
import {
  ALL_OPERATIONS,
  BACKGROUND_PROCESSES,
  isOperation,
  isOperationLocked,
  isRunningProcess,
  lockedOperations,
  type Operation,
  processesLocking,
  RUNNING_PROCESSES,
  type RunningProcess,
} from './locks.ts';

const sorted = (ops: Iterable<Operation>): Operation[] => [...ops].sort();
const DELETE_TRANSFER: Operation[] = ['CONTENT.DELETE', 'CONTENT.TRANSFER'];
const EXTERIOR: Operation[] = [
  'EXTERIOR.UPLOAD',
  'EXTERIOR.UPDATE',
  'EXTERIOR.DELETE',
  'EXTERIOR.REORDER',
  'EXTERIOR.ASYNC_UPLOAD',
  'EXTERIOR.ANNOTATE',
  'EXTERIOR.DETECT_ANGLE',
  'EXTERIOR.DETECT_DEFECT',
  'EXTERIOR.APPLY_BLUR',
  'EXTERIOR.REPLACE_IMAGE',
  'EXTERIOR.REMOVE_EXTRA_IMAGES',
  'EXTERIOR.UPDATE_INITIAL_ROW',
];
const INTERIOR: Operation[] = [
  'INTERIOR.UPLOAD',
  'INTERIOR.UPDATE',
  'INTERIOR.DELETE',
  'INTERIOR.REORDER',
  'INTERIOR.ASYNC_UPLOAD',
  'INTERIOR.ANNOTATE',
  'INTERIOR.ENHANCE_IMAGE_QUALITY',
];
const CATEGORY: Operation[] = [
  'CATEGORY_IMAGE.UPLOAD',
  'CATEGORY_IMAGE.UPDATE',
  'CATEGORY_IMAGE.DELETE',
  'CATEGORY_IMAGE.REORDER',
  'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR',
  'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_INTERIOR',
];
const ORIGINAL: Operation[] = ['ORIGINAL_MOVIE.UPLOAD', 'ORIGINAL_MOVIE.DELETE', 'ORIGINAL_MOVIE.REORDER'];
const without = (ops: Operation[], ...drop: Operation[]): Operation[] => ops.filter((o) => !drop.includes(o));

describe('operation identifiers', () => {
  it('cover the eight operation sets of the spec (44 operations)', () => {
    expect(ALL_OPERATIONS).toHaveLength(3 + 12 + 7 + 6 + 3 + 2 + 2 + 4);
    expect(new Set(ALL_OPERATIONS).size).toBe(ALL_OPERATIONS.length);
    expect(isOperation('CONTENT.DELETE')).toBe(true);
    expect(isOperation('CONTENT.COPY')).toBe(false);
    expect(isRunningProcess('whiteblance')).toBe(true);
    expect(isRunningProcess('whitebalance')).toBe(false);
  });
});

describe('lockedOperations, rule by rule', () => {
  const cases: { rule: string; running: RunningProcess[]; expected: Operation[] }[] = [
    { rule: 'nothing running locks nothing', running: [], expected: [] },
    { rule: 'transfer locks everything', running: ['transfer'], expected: [...ALL_OPERATIONS] },
    { rule: 'copy locks everything', running: ['copy'], expected: [...ALL_OPERATIONS] },
    { rule: 'publishing locks everything (our reading)', running: ['publishing'], expected: [...ALL_OPERATIONS] },
    {
      rule: 'exterior_autodetect_annotation locks nothing',
      running: ['exterior_autodetect_annotation'],
      expected: [],
    },
    ...(
      [
        'whiteblance',
        'color',
        'multiple',
        'interior_autodetect_annotation',
        'interior_enhance',
        'exterior_defect',
        'exterior_autogenerate_category_images',
        'interior_autogenerate_category_images',
        'exterior_async_upload',
        'interior_async_upload',
      ] as const
    ).map((p) => ({ rule: `${p} locks only content delete and transfer`, running: [p], expected: DELETE_TRANSFER })),
    {
      rule: 'slider_movie locks content, interior, exterior, category and original movie, except annotate and defect detection',
      running: ['slider_movie'],
      expected: [
        'CONTENT.UPDATE',
        ...DELETE_TRANSFER,
        ...without(INTERIOR, 'INTERIOR.ANNOTATE'),
        ...without(EXTERIOR, 'EXTERIOR.ANNOTATE', 'EXTERIOR.DETECT_DEFECT'),
        ...CATEGORY,
        ...ORIGINAL,
      ],
    },
    {
      rule: 'obvr_movie locks exterior and obvr movie except annotate and defect detection, plus delete and transfer',
      running: ['obvr_movie'],
      expected: [
        ...DELETE_TRANSFER,
        ...without(EXTERIOR, 'EXTERIOR.ANNOTATE', 'EXTERIOR.DETECT_DEFECT'),
        'OBVR_MOVIE.UPLOAD',
        'OBVR_MOVIE.DELETE',
      ],
    },
    {
      rule: 'tour_movie locks interior and tour movie except annotate, plus delete and transfer',
      running: ['tour_movie'],
      expected: [
        ...DELETE_TRANSFER,
        ...without(INTERIOR, 'INTERIOR.ANNOTATE'),
        'TOUR_MOVIE.UPLOAD',
        'TOUR_MOVIE.DELETE',
      ],
    },
    ...(['blur', 'exterior_autodetect_angle', 'exterior_replace_image', 'exterior_extra_images_removal'] as const).map(
      (p) => ({
        rule: `${p} locks exterior, exterior category generation, original and obvr movie upload, delete and transfer`,
        running: [p],
        expected: [
          ...DELETE_TRANSFER,
          ...EXTERIOR,
          'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR',
          'ORIGINAL_MOVIE.UPLOAD',
          'OBVR_MOVIE.UPLOAD',
        ] as Operation[],
      }),
    ),
    {
      rule: 'several processes lock the union',
      running: ['tour_movie', 'exterior_autodetect_annotation', 'blur'],
      expected: [
        ...DELETE_TRANSFER,
        ...without(INTERIOR, 'INTERIOR.ANNOTATE'),
        'TOUR_MOVIE.UPLOAD',
        'TOUR_MOVIE.DELETE',
        ...EXTERIOR,
        'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR',
        'ORIGINAL_MOVIE.UPLOAD',
        'OBVR_MOVIE.UPLOAD',
      ],
    },
  ];

  it.each(cases)('$rule', ({ running, expected }) => {
    expect(sorted(lockedOperations(running))).toEqual(sorted(new Set(expected)));
  });

  it('every listed background process is covered by a case', () => {
    const covered = new Set(cases.flatMap((c) => c.running));
    for (const p of BACKGROUND_PROCESSES) expect(covered.has(p)).toBe(true);
  });

  it('video-site operations are locked only by transfer, copy and publishing', () => {
    for (const p of RUNNING_PROCESSES) {
      const locked = isOperationLocked('VIDEO_SITE.UPLOAD', [p]);
      expect(locked).toBe(p === 'transfer' || p === 'copy' || p === 'publishing');
    }
  });

  it('property: locks are monotone, adding a process never unlocks an operation', () => {
    for (const a of RUNNING_PROCESSES) {
      for (const b of RUNNING_PROCESSES) {
        const one = lockedOperations([a]);
        const both = lockedOperations([a, b]);
        for (const op of one) expect(both.has(op)).toBe(true);
      }
    }
  });
});

describe('processesLocking', () => {
  it('names the processes that block an operation', () => {
    expect(processesLocking('CONTENT.DELETE', ['exterior_autodetect_annotation', 'color', 'slider_movie'])).toEqual([
      'color',
      'slider_movie',
    ]);
    expect(processesLocking('EXTERIOR.ANNOTATE', ['slider_movie', 'obvr_movie'])).toEqual([]);
    expect(processesLocking('EXTERIOR.ANNOTATE', ['blur'])).toEqual(['blur']);
  });
});
