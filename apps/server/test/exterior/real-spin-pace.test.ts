import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealSpinClip } from '../helpers/real-spin.ts';
import { viewThumbnails } from '../helpers/real-spin.ts';
import { EXACT, expectOneTurn, pacedViews, removeSpinDirs, spinOf } from './real-spin-check.ts';

/**
 * The spin's order when the walker's pace changes and the hand drifts (issue 18, point 1): clips from the real
 * photographs of threesixty-slider, made once per run (helpers/clips.ts), each checked against the order its views
 * are known to have (real-spin-check.ts). Time gives the angle unless the walker crept or stopped, when the picture's
 * change through the car's fitted look does (domain media/turn-angle.ts).
 */

let views: Uint8Array[];
beforeAll(async () => {
  views = await viewThumbnails();
});
afterAll(removeSpinDirs);

/** Slow (0.15 views a frame), a smooth ramp to four times as fast (0.6), and slow again. */
function slowFastSlow(frame: number): number {
  const ramp = (x: number) => 0.15 + 0.45 * (0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, Math.max(0, x))));
  if (frame < 60) return 0.15;
  if (frame < 75) return ramp((frame - 60) / 15);
  if (frame < 115) return 0.6;
  if (frame < 130) return ramp(1 - (frame - 115) / 15);
  return 0.15;
}

/**
 * A hand's drift, wandering frame to frame: a rotation of up to 0.025 rad, a zoom of up to 3 % (perspective, since
 * this ffmpeg's scale reads no time) and a shift of up to 12 pixels across and 5 down of 480x214, each a sum of
 * waves of unrelated periods.
 */
const zoom = '(1+0.02*sin(2*PI*in/69)+0.01*sin(2*PI*in/31))';
const inset = (side: 'W' | 'H') => `${side}/2*(1-1/${zoom})`;
const HAND = [
  "rotate=a='0.015*sin(2*PI*t/3.1)+0.01*sin(2*PI*t/1.7)':fillcolor=0x5a6068",
  `perspective=x0='${inset('W')}':y0='${inset('H')}':x1='W-${inset('W')}':y1='${inset('H')}':x2='${inset('W')}':y2='H-${inset('H')}':x3='W-${inset('W')}':y3='H-${inset('H')}':eval=frame`,
  "crop=w=456:h=204:x='12+8*sin(2*PI*t/2.9)+4*sin(2*PI*t/1.3)':y='5+3*sin(2*PI*t/3.7)+2*sin(2*PI*t/1.1)'",
  'scale=480:214',
];

const CLIPS = {
  smooth: { name: 'real-pace-smooth', views: pacedViews(1.1, (f) => 0.375 + 0.125 * Math.sin((2 * Math.PI * f) / 70)) },
  // Slow at the start, faster through the middle, slower again at the end (0.18 to 0.42 views a frame, 1.2 turns),
  // never creeping, never stopping: the walk most phones record.
  swell: { name: 'real-pace-swell', views: pacedViews(1.2, (f) => 0.3 + 0.12 * Math.sin((2 * Math.PI * f) / 200)) },
  slowFastSlow: { name: 'real-pace-slow-fast-slow', views: pacedViews(1.1, slowFastSlow) },
  hand: { name: 'real-pace-hand', views: pacedViews(1.1, () => 0.33), effects: HAND },
  // A phone's walk: rests of half a second every two seconds, a pace between 0.15 and 0.45, the hand's drift,
  // motion blur, noise and an exposure that wanders, 1.1 turns.
  phone: {
    name: 'real-pace-phone',
    views: pacedViews(1.1, (f) => (f % 60 >= 45 && f < 180 ? 0 : 0.3 + 0.15 * Math.sin((2 * Math.PI * f) / 80))),
    effects: [
      ...HAND,
      'tmix=frames=3',
      'gblur=sigma=1.2',
      'noise=alls=10:allf=t',
      "eq=brightness='0.1*sin(2*PI*t/5)':contrast='1+0.12*sin(2*PI*t/3)':eval=frame",
    ],
  },
  // The walk tried by hand through the console in the audit of 30 Nov: a 0.6 s rest every 3 s, a pace between 0.12
  // and 0.28 views a frame that swells and ebbs between the rests, noise, 1.25 turns.
  restPace: {
    name: 'real-pace-rest-pace',
    views: pacedViews(1.25, (f) => (f % 90 >= 72 ? 0 : 0.2 + 0.08 * Math.sin((2 * Math.PI * f) / 130))),
    effects: ['noise=alls=10:allf=t'],
  },
} satisfies Record<string, RealSpinClip>;

/** Each clip, what it shows and how near its frames must come to every third view (EXACT: within one). */
const CASES: [string, RealSpinClip, number][] = [
  ['slow, four times as fast, slow again: exactly every third view', CLIPS.slowFastSlow, EXACT],
  ['a hand that drifts, turns and zooms a little, frame to frame: exactly every third view', CLIPS.hand, EXACT],
  // The drift and the noise change every signature, so its stops never read as rests nor as creeping; forgiving the
  // drift they are still (turn-angle.ts, stopped), and the picture's change gives the angle.
  [
    'a phone-like walk (rests, changing pace, drift, blur, noise, exposure): exactly every third view',
    CLIPS.phone,
    EXACT,
  ],
  // Time alone was 6 views off mid-turn (audit of 30 Nov): the views past the close, the start's seen again, take
  // half as long again as the start did, so the picture is read (turn-angle.ts, paceChanged).
  ['a pace that swells through the turn, no creeping, no stop: exactly every third view', CLIPS.swell, EXACT],
  // Exact already when added (follow-up of 30 Nov), with the stop gate of turn-angle.ts on or off: kept as the pattern.
  ['rests every 3 s and a pace that changes between them: exactly every third view', CLIPS.restPace, EXACT],
  // Not yet exact: the pace never falls so low that views come three signatures apart, so time is kept; and a pace
  // that changes with the period of the car's look (half a turn) looks like the look itself changing.
  ['a pace that swells and ebbs every half turn: within three views', CLIPS.smooth, 3],
];

describe('one turn of real photographs at a changing pace', () => {
  for (const [title, clip, within] of CASES) {
    it(title, async () => {
      const { shown, loop } = await spinOf(clip, views);
      expectOneTurn(shown, within);
      expect(loop.verdict).toBe('more_than_turn');
    });
  }
  // Not yet reached (pace follow-up of 30 Nov, docs/decisions.md "Spin: pace follow-up"): measured frame by frame
  // against the view each frame was made from, 17 frames. Without a rest, a creep or a pace that differs at the
  // close, the only reading of the angle is time or the fitted look, and a pace that swells with the period of the
  // look (half a turn) is, in the signatures, the same walk as a steady pace round a car whose look changes so.
  it.todo('a pace that swells and ebbs every half turn: exactly every third view (now 3 views off at frames 4 and 13)');
  it.todo(
    'speeding up and slowing in steps, 0.25 to 0.5 views a frame (real-spin.test.ts, real-speed): exactly every third view (now 2 views off at frames 6, 14, 15)',
  );
});
