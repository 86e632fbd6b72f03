import { contentMovieSettingsSchema } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { MOVIE_FORMAT } from '../../src/modules/movies/format.ts';
import { obvrPlan, sliderPlan, tourPlan } from '../../src/modules/movies/plan.ts';
import type { MediaRows } from '../../src/modules/vehicle-media/rows.ts';
import type { MovieCaption } from '../../src/platform/media/media.ts';

/**
 * The promo's plan, without rendering: the interior's own text and its zoom points' captions sit at the same place
 * on the picture, so they must never show at once (found by hand: the zoom point's words were drawn under the
 * interior text, and each covered the other, in every promo with both).
 */

const FPS = 30;
const scene = (id: string) => ({
  id,
  initial_view: { yaw: 0, pitch: 0 },
  current: null,
  original: { master: `p${id}` },
});
const rows = { groups: [], frames: [], items: [], scenes: [scene('1'), scene('2')] } as unknown as MediaRows;
const INTERIOR = '内装：禁煙車';
const settings = contentMovieSettingsSchema.parse({
  sections: ['interior'],
  interior_text: INTERIOR,
  scenes: [
    {
      scene_id: '1',
      start: { yaw: 0, pitch: 0 },
      zoom_points: [
        { yaw: 90, pitch: 0, text: 'メーター' },
        { yaw: 180, pitch: 10, text: 'ナビ' },
      ],
    },
    { scene_id: '2', start: { yaw: 0, pitch: 0 }, zoom_points: [{ yaw: 45, pitch: 0, text: 'シート' }] },
  ],
});

const windowOf = (c: MovieCaption) => [c.from ?? 0, c.to ?? Number.POSITIVE_INFINITY] as const;
const textOf = (c: MovieCaption) => c.lines.map((l) => l.text).join('\n');
const overlaps = (a: MovieCaption, b: MovieCaption) => {
  const [af, at] = windowOf(a);
  const [bf, bt] = windowOf(b);
  return af < bt && bf < at;
};

function promo(reuseTour: boolean) {
  const tour = tourPlan(rows, settings, MOVIE_FORMAT, FPS);
  const parts = { obvr: obvrPlan(rows, MOVIE_FORMAT), tour, reuse: { obvr: false, tour: reuseTour } };
  const plan = sliderPlan(rows, settings, { openingKey: null, musicKey: null }, parts, MOVIE_FORMAT, FPS);
  // The interior's first scene as the promo shows it: after the opening (no category images, no spin).
  return { tour, first: plan.scenes[1], hash: plan.hash };
}

describe("the promo's interior text and its zoom points' captions", () => {
  it.each([
    ['made in the promo', false],
    ['reused from the interior movie', true],
  ])('never show at once when the pan is %s, and the text shows first', (_name, reuse) => {
    const { tour, first } = promo(reuse);
    const own = (first?.captions ?? []).filter((c) => textOf(c) === INTERIOR);
    // Reused, the zoom captions are in the interior movie's file: its first scene's are the ones under the text.
    const zoom = (reuse ? (tour.scenes[0]?.captions ?? []) : (first?.captions ?? [])).filter(
      (c) => textOf(c) !== INTERIOR,
    );
    expect(zoom.map(textOf)).toEqual(['メーター', 'ナビ']);
    expect(own.length).toBeGreaterThan(0);
    expect(windowOf(own[0] as MovieCaption)[0]).toBe(0);
    for (const text of own) for (const point of zoom) expect(overlaps(text, point), textOf(point)).toBe(false);
    if (reuse) {
      // Over the first panorama only: the second one's own zoom caption comes after it.
      const shot = tour.scenes[0]?.shot as { views: unknown[] } | undefined;
      const firstSeconds = (shot?.views.length ?? 0) / FPS;
      for (const text of own) expect(windowOf(text)[1]).toBeLessThanOrEqual(firstSeconds);
    }
  });

  it('keeps one hash whether the pan is reused or made', () => {
    expect(promo(true).hash).toBe(promo(false).hash);
  });
});

describe('the caption layout in the hash', () => {
  // The hashes these plans had before captions were made larger and boxed (main at f5ea11b2).
  const BEFORE = {
    captioned: {
      tour: '142aa7132df406df250c321cb5a7ab591c47876a022d5b614fde1a397dc70fd8',
      promo: '7b9a8f415f5133d0e322870d64fecae76922516ccc9e39962d5c0c3d9a858b20',
    },
    bare: {
      tour: 'd9820f3faded18945bdca9af6aa3c09de12b1fd9bf943db3a6fc208cbef8a004',
      promo: 'b0529f5fac200f795ee081370cc9a75145a7706aa34e48bf725a704a8a001157',
    },
  };
  const plans = (captioned: boolean) => {
    const own = contentMovieSettingsSchema.parse({
      sections: ['interior'],
      interior_text: captioned ? '内装：禁煙車' : '',
      scenes: [
        {
          scene_id: '1',
          start: { yaw: 0, pitch: 0 },
          zoom_points: captioned ? [{ yaw: 90, pitch: 0, text: 'メーター' }] : [],
        },
      ],
    });
    const tour = tourPlan(rows, own, MOVIE_FORMAT, FPS);
    const parts = { obvr: obvrPlan(rows, MOVIE_FORMAT), tour, reuse: { obvr: false, tour: false } };
    const promo = sliderPlan(rows, own, { openingKey: null, musicKey: null }, parts, MOVIE_FORMAT, FPS);
    return { tour: tour.hash, promo: promo.hash };
  };

  it('makes the movies drawn with the old captions read as stale, and only those', () => {
    const captioned = plans(true);
    expect(captioned.tour).not.toBe(BEFORE.captioned.tour);
    expect(captioned.promo).not.toBe(BEFORE.captioned.promo);
    expect(plans(false)).toEqual(BEFORE.bare);
  });
});
