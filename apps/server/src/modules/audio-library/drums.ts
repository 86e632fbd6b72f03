import type { DrumPattern, SectionKind } from './styles.ts';

/**
 * The drum kit's part of a bar (General MIDI channel 10), on a grid of sixteenths: a groove per genre, lighter in
 * verses and intros, a crash into each chorus, and a fill in the last bar before a new section.
 */

export interface DrumHit {
  step: number;
  key: number;
  /** Against the section's velocity. */
  level: number;
}

const KICK = 36;
const SIDE_STICK = 37;
const SNARE = 38;
const CLAP = 39;
const LOW_TOM = 41;
const CLOSED_HAT = 42;
const PEDAL_HAT = 44;
const MID_TOM = 47;
const OPEN_HAT = 46;
const CRASH = 49;
const HIGH_TOM = 50;
const RIDE = 51;
const TAMBOURINE = 54;
const SHAKER = 70;

const hits = (key: number, steps: readonly number[], level: number): DrumHit[] =>
  steps.map((step) => ({ step, key, level }));

const EIGHTHS = [0, 2, 4, 6, 8, 10, 12, 14];
const SIXTEENTHS = Array.from({ length: 16 }, (_, n) => n);
const QUARTERS = [0, 4, 8, 12];
const OFFBEATS = [2, 6, 10, 14];

function groove(pattern: DrumPattern, kind: SectionKind, busy: number): DrumHit[] {
  const full = kind === 'chorus';
  const hats = busy >= 0.75 && full ? SIXTEENTHS : busy < 0.4 && !full ? QUARTERS : EIGHTHS;
  switch (pattern) {
    case 'pop':
      return [
        ...hits(KICK, full ? [0, 6, 8, 10] : [0, 8], 1),
        ...hits(kind === 'intro' ? SIDE_STICK : SNARE, [4, 12], 0.9),
        ...hits(CLOSED_HAT, hats, 0.55),
      ];
    case 'rock':
      return [
        ...hits(KICK, [0, 8, 10], 1),
        ...hits(SNARE, [4, 12], 1),
        ...hits(full ? RIDE : CLOSED_HAT, EIGHTHS, full ? 0.6 : 0.55),
      ];
    case 'swing':
      return [
        ...hits(RIDE, [0, 4, 6, 8, 12, 14], 0.6),
        ...hits(PEDAL_HAT, [4, 12], 0.5),
        ...hits(KICK, [0], 0.45),
        ...hits(SIDE_STICK, full ? [12] : [], 0.4),
      ];
    case 'four':
      return [
        ...hits(KICK, QUARTERS, 1),
        ...hits(CLAP, kind === 'intro' ? [] : [4, 12], 0.85),
        ...hits(OPEN_HAT, OFFBEATS, 0.5),
        ...hits(CLOSED_HAT, full ? SIXTEENTHS.filter((s) => s % 4 !== 2) : [], 0.35),
      ];
    case 'light':
      return [
        ...hits(KICK, [0, 8], 0.7),
        ...hits(SIDE_STICK, [4, 12], 0.6),
        ...hits(SHAKER, full ? SIXTEENTHS : EIGHTHS, 0.4),
        ...hits(TAMBOURINE, full ? [4, 12] : [], 0.45),
      ];
    case 'corporate':
      return [
        ...hits(KICK, full ? [0, 6, 8] : [0, 8], 0.9),
        ...hits(CLAP, [4, 12], 0.75),
        ...hits(CLOSED_HAT, hats, 0.45),
        ...hits(SHAKER, full ? OFFBEATS : [], 0.35),
      ];
    case 'cinematic':
      return [
        ...hits(LOW_TOM, full ? [0, 3, 6, 8, 11, 14] : [0, 8], 0.85),
        ...hits(KICK, [0], 0.9),
        ...hits(SNARE, full ? [12] : [], 0.6),
      ];
    case 'none':
      return full ? hits(SHAKER, EIGHTHS, 0.3) : [];
  }
}

/** A bar's hits: the groove (none in an intro's first bars), a crash on a chorus's first beat, a fill to lead on. */
export function drumHits(
  pattern: DrumPattern,
  kind: SectionKind,
  bar: number,
  fillNext: boolean,
  busy: number,
  random: () => number,
): DrumHit[] {
  if (pattern === 'none' && kind !== 'chorus') return [];
  if (kind === 'intro' && bar < 2) return bar === 1 && pattern !== 'swing' ? hits(CLOSED_HAT, QUARTERS, 0.4) : [];
  let out = groove(pattern, kind, busy);
  if (bar === 0 && (kind === 'chorus' || kind === 'outro')) out.push({ step: 0, key: CRASH, level: 0.8 });
  if (fillNext && pattern !== 'none') {
    // The fill replaces the last beat: four sixteenths down the toms (or the snare), louder to the end.
    out = out.filter((h) => h.step < 12);
    const toms = random() < 0.5 ? [HIGH_TOM, MID_TOM, LOW_TOM, LOW_TOM] : [SNARE, SNARE, SNARE, SNARE];
    toms.forEach((key, n) => {
      out.push({ step: 12 + n, key, level: 0.7 + n * 0.08 });
    });
  }
  return out;
}
