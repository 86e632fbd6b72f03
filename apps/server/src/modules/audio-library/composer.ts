import { createHash } from 'node:crypto';
import { AUDIO_TRACK_MAX_SECONDS, type AudioGenre, type AudioMood } from '@spinyard/domain';
import type { Score, ScoreChannel, ScoreNote } from '../../platform/music/synth.ts';
import { drumHits } from './drums.ts';
import {
  CHORD_TONES,
  type Chord,
  MAJOR_PENTATONIC,
  MAJOR_SCALE,
  MINOR_PENTATONIC,
  MINOR_SCALE,
  MOOD_FEEL,
  SECTION_LEVEL,
  type SectionKind,
  STYLES,
  type Style,
} from './styles.ts';

/**
 * A track of the product's library composed from its catalogue entry (docs/decisions.md, "Content videos: audio
 * library"): an intro, verses and choruses (a bridge in longer tracks) and an outro that holds the tonic and fades,
 * in 4/4 on a grid of sixteenths. Everything random comes from a generator seeded by the track's key, so the same
 * key always gives the same notes.
 */

export interface TrackSpec {
  /** The library's name of the track (audio_tracks.library_key). */
  key: string;
  title: string;
  genre: AudioGenre;
  mood: AudioMood;
  bpm: number;
  /** The key's tonic as a pitch class (0 = C). */
  tonic: number;
  /** Wanted length; the track is the nearest whole number of phrases, plus its tail. */
  targetSeconds: number;
}

export const CH_CHORDS = 0;
export const CH_PAD = 1;
export const CH_BASS = 2;
export const CH_LEAD = 3;
export const CH_DRUMS = 9;
/** The room's tail after the last bar: the held chord rings out. */
const TAIL_SECONDS = 2.5;
const PHRASE_BARS = 4;

/** mulberry32 seeded from the key's hash: small, fast and the same on every machine. */
export function seededRandom(key: string): () => number {
  let state = createHash('sha256').update(key).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The sections, a phrase of four bars each: intro, then verses and choruses (a bridge past six), then the outro. */
export function sectionPlan(spec: TrackSpec): SectionKind[] {
  const phraseSeconds = (PHRASE_BARS * 4 * 60) / spec.bpm;
  const length = (n: number) => n * phraseSeconds + TAIL_SECONDS;
  let phrases = Math.max(3, Math.round((spec.targetSeconds - TAIL_SECONDS) / phraseSeconds));
  // Within the background music rule (120 s, second document section 5), whatever the tempo's rounding.
  while (length(phrases) > AUDIO_TRACK_MAX_SECONDS) phrases--;
  const body: SectionKind[] = [];
  const cycle: SectionKind[] = ['verse', 'verse', 'chorus', 'chorus', 'verse', 'chorus', 'bridge', 'chorus'];
  for (let n = 0; n < phrases - 2; n++) body.push(cycle[n % cycle.length] as SectionKind);
  body[body.length - 1] = 'chorus';
  return ['intro', ...body, 'outro'];
}

interface Context {
  spec: TrackSpec;
  style: Style;
  random: () => number;
  sixteenth: number;
  notes: ScoreNote[];
  busy: number;
  velocity: number;
}

const clampVelocity = (v: number) => Math.max(1, Math.min(127, Math.round(v)));

function add(ctx: Context, channel: number, time: number, duration: number, key: number, velocity: number): void {
  // A little life in the touch, never in the timing (the grid keeps the band together).
  const touch = (ctx.random() - 0.5) * 10;
  ctx.notes.push({ time, duration, channel, key, velocity: clampVelocity(velocity + touch) });
}

/** The time of a sixteenth of a bar, offbeat eighths pushed late in a swing. */
function at(ctx: Context, barStart: number, step: number): number {
  const swung = ctx.style.swing && step % 4 === 2 ? (2 / 3) * ctx.sixteenth : 0;
  return barStart + step * ctx.sixteenth + swung;
}

/** A voicing of the chord in the range the chord instrument plays, nearest the previous one (smooth voice leading). */
function voicing(spec: TrackSpec, chord: Chord, previous: readonly number[], low = 55): number[] {
  const tones = CHORD_TONES[chord[1]].map((t) => (spec.tonic + chord[0] + t) % 12);
  let best: number[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (let inversion = 0; inversion < tones.length; inversion++) {
    const order = [...tones.slice(inversion), ...tones.slice(0, inversion)];
    const notes: number[] = [];
    for (const pc of order) {
      let n = low + ((((pc - low) % 12) + 12) % 12);
      while (notes.length > 0 && n <= (notes[notes.length - 1] as number)) n += 12;
      notes.push(n);
    }
    const centre = notes.reduce((a, b) => a + b, 0) / notes.length;
    const before = previous.length ? previous.reduce((a, b) => a + b, 0) / previous.length : low + 8;
    const cost = Math.abs(centre - before) + (notes[notes.length - 1] as number) / 100;
    if (cost < bestCost) {
      bestCost = cost;
      best = notes;
    }
  }
  return best;
}

function bassRoot(spec: TrackSpec, chord: Chord): number {
  const pc = (spec.tonic + chord[0]) % 12;
  return 36 + (pc >= 8 ? pc - 12 : pc);
}

function playChords(ctx: Context, barStart: number, chord: Chord, voiced: number[], kind: SectionKind, level: number) {
  const v = ctx.velocity * level * 0.82;
  const s = ctx.sixteenth;
  const hit = (step: number, length: number, keys: readonly number[], vel = v) => {
    for (const k of keys) add(ctx, CH_CHORDS, at(ctx, barStart, step), length * s * 0.95, k, vel);
  };
  const arpeggio = (every: number) => {
    const up = [...voiced, (voiced[0] as number) + 12, ...voiced.slice(1).map((k) => k + 12)];
    for (let step = 0, n = 0; step < 16; step += every, n++) {
      add(
        ctx,
        CH_CHORDS,
        at(ctx, barStart, step),
        every * s * 1.6,
        up[n % up.length] as number,
        v * (n % 2 ? 0.85 : 1),
      );
    }
  };
  switch (ctx.style.chords.pattern) {
    case 'block':
      if (kind === 'chorus') for (const step of [0, 4, 8, 12]) hit(step, 4, voiced);
      else for (const step of [0, 8]) hit(step, 8, voiced);
      return;
    case 'arpeggio8':
      return arpeggio(2);
    case 'arpeggio16':
      return arpeggio(kind === 'intro' || kind === 'outro' ? 2 : 1);
    case 'stabs':
      for (const step of [2, 6, 10, 14]) hit(step, 1, voiced, v * 0.9);
      return;
    case 'comp':
      hit(0, 3, voiced);
      hit(6, 2, voiced, v * 0.85);
      if (ctx.random() < 0.5) hit(11, 2, voiced, v * 0.75);
      return;
    case 'power8': {
      const root = bassRoot(ctx.spec, chord) + 12;
      const keys = [root, root + 7, root + 12];
      const length = kind === 'chorus' ? 2 : 1;
      for (let step = 0; step < 16; step += 2) hit(step, length, keys, v * (step % 4 ? 0.82 : 1));
      return;
    }
    case 'strum':
      for (const [step, down] of [
        [0, true],
        [4, false],
        [6, true],
        [8, false],
        [10, true],
        [12, false],
        [14, true],
      ] as const) {
        const keys = down ? voiced : [...voiced].reverse();
        keys.forEach((k, n) => {
          add(ctx, CH_CHORDS, at(ctx, barStart, step) + n * 0.012, 2 * s, k, v * (down ? 1 : 0.75));
        });
      }
      return;
  }
}

function playBass(ctx: Context, barStart: number, chord: Chord, nextChord: Chord, level: number) {
  const v = ctx.velocity * level;
  const s = ctx.sixteenth;
  const root = bassRoot(ctx.spec, chord);
  const fifth = root + 7;
  const note = (step: number, length: number, key: number, vel = v) =>
    add(ctx, CH_BASS, at(ctx, barStart, step), length * s * 0.9, key, vel);
  switch (ctx.style.bass.pattern) {
    case 'roots':
      note(0, 6, root);
      note(6, 2, root, v * 0.8);
      note(8, 6, root);
      note(14, 2, fifth, v * 0.75);
      return;
    case 'eighths':
      for (let step = 0; step < 16; step += 2) note(step, 2, root, v * (step % 4 ? 0.85 : 1));
      return;
    case 'pulse':
      for (const step of [2, 6, 10, 14]) note(step, 2, root, v * 0.95);
      note(0, 1, root - 12 > 28 ? root - 12 : root, v * 0.7);
      return;
    case 'root-fifth':
      note(0, 6, root);
      note(8, 6, fifth > 50 ? fifth - 12 : fifth);
      return;
    case 'whole':
      note(0, 16, root, v * 0.9);
      return;
    case 'walking': {
      const tones = CHORD_TONES[chord[1]];
      const target = bassRoot(ctx.spec, nextChord);
      const approach = target + (ctx.random() < 0.5 ? -1 : 1);
      const walk = [root, root + (tones[1] as number), root + (tones[2] as number), approach];
      walk.forEach((key, beat) => {
        note(beat * 4, 4, key, v * (beat === 0 ? 1 : 0.85));
      });
      return;
    }
  }
}

/** The melody of one phrase: a motif of two bars, answered by its variation that comes home to a chord tone. */
function playMelody(ctx: Context, phraseStart: number, chords: readonly Chord[], seedKey: string, level: number) {
  const random = seededRandom(`${ctx.spec.key}/${seedKey}`);
  const { spec, style } = ctx;
  const scale =
    style.mode === 'major'
      ? style.pentatonic
        ? MAJOR_PENTATONIC
        : MAJOR_SCALE
      : style.pentatonic
        ? MINOR_PENTATONIC
        : MINOR_SCALE;
  const pitches: number[] = [];
  for (let octave = 60; octave <= 84; octave += 12)
    for (const d of scale) pitches.push(octave + ((spec.tonic + d) % 12));
  pitches.sort((a, b) => a - b);
  const steps: number[] = [];
  for (let step = 0; step < 32; step += 2) {
    const strong = step % 8 === 0;
    if (strong || random() < ctx.busy) steps.push(step);
  }
  const barSeconds = 16 * ctx.sixteenth;
  let index = Math.floor(pitches.length / 2);
  const motif: { step: number; length: number; degree: number }[] = [];
  steps.forEach((step, n) => {
    const length = ((steps[n + 1] ?? 32) - step) as number;
    index = Math.max(2, Math.min(pitches.length - 3, index + Math.round((random() - 0.5) * 4)));
    motif.push({ step, length, degree: index });
  });
  for (let half = 0; half < 2; half++) {
    motif.forEach((m, n) => {
      const bar = half * 2 + Math.floor(m.step / 16);
      const chord = chords[bar % chords.length] as Chord;
      const chordPcs = CHORD_TONES[chord[1]].map((t) => (spec.tonic + chord[0] + t) % 12);
      let key = pitches[Math.min(pitches.length - 1, m.degree + (half === 1 && n > 1 ? 1 : 0))] as number;
      const last = half === 1 && n === motif.length - 1;
      // Strong beats and the phrase's last note land on the chord: the melody agrees with the harmony.
      if (m.step % 8 === 0 || last) key = nearestChordTone(key, chordPcs);
      const time = at(ctx, phraseStart + bar * barSeconds, m.step % 16);
      const length = last ? 32 - m.step : m.length;
      add(ctx, CH_LEAD, time, length * ctx.sixteenth * 0.92, key, ctx.velocity * level * 0.9);
    });
  }
}

function nearestChordTone(key: number, pcs: readonly number[]): number {
  for (let d = 0; d < 7; d++) {
    if (pcs.includes((key - d + 120) % 12)) return key - d;
    if (pcs.includes((key + d) % 12)) return key + d;
  }
  return key;
}

function progressionFor(style: Style, kind: SectionKind): readonly Chord[] {
  if (kind === 'chorus' || kind === 'outro') return style.progressions.chorus;
  if (kind === 'bridge') return style.progressions.bridge;
  return style.progressions.verse;
}

/** The catalogue entry's score: its notes, its instruments, and its length including the tail. */
export function composeTrack(spec: TrackSpec): Score {
  const style = STYLES[spec.genre];
  const feel = MOOD_FEEL[spec.mood];
  const ctx: Context = {
    spec,
    style,
    random: seededRandom(spec.key),
    sixteenth: 60 / spec.bpm / 4,
    notes: [],
    busy: feel.busy,
    velocity: feel.velocity,
  };
  const barSeconds = 16 * ctx.sixteenth;
  const plan = sectionPlan(spec);
  let voiced: number[] = [];
  plan.forEach((kind, phrase) => {
    const chords = progressionFor(style, kind);
    const level = SECTION_LEVEL[kind];
    const phraseStart = phrase * PHRASE_BARS * barSeconds;
    const nextKind = plan[phrase + 1];
    for (let bar = 0; bar < PHRASE_BARS; bar++) {
      const barStart = phraseStart + bar * barSeconds;
      const finalBars = kind === 'outro' && bar >= 2;
      const chord: Chord = finalBars ? [0, style.mode === 'major' ? 'maj' : 'min'] : (chords[bar] as Chord);
      voiced = voicing(spec, chord, voiced);
      if (finalBars) {
        // The ending: the tonic held through the last two bars and the tail, while the fade closes it.
        if (bar === 2) {
          const hold = 2 * barSeconds + TAIL_SECONDS;
          for (const k of voiced) add(ctx, CH_CHORDS, barStart, hold, k, ctx.velocity * level * 0.8);
          add(ctx, CH_BASS, barStart, hold, bassRoot(spec, chord), ctx.velocity * level * 0.9);
          if (style.pad) for (const k of voiced) add(ctx, CH_PAD, barStart, hold, k + 12, ctx.velocity * 0.6);
          add(ctx, CH_DRUMS, barStart, 1, 49, ctx.velocity * 0.7);
        }
        continue;
      }
      playChords(ctx, barStart, chord, voiced, kind, level);
      if (kind !== 'intro' || bar >= 2) {
        const next = (bar + 1 < PHRASE_BARS ? chords[bar + 1] : progressionFor(style, nextKind ?? 'outro')[0]) as Chord;
        playBass(ctx, barStart, chord, next, level);
      }
      if (style.pad)
        for (const k of voiced) add(ctx, CH_PAD, barStart, barSeconds * 0.98, k + 12, ctx.velocity * level * 0.6);
      const fillNext = bar === PHRASE_BARS - 1 && nextKind !== undefined && nextKind !== kind;
      for (const hit of drumHits(style.drums, kind, bar, fillNext, feel.busy, ctx.random)) {
        add(ctx, CH_DRUMS, at(ctx, barStart, hit.step), ctx.sixteenth, hit.key, ctx.velocity * level * hit.level);
      }
    }
    if (kind === 'verse' || kind === 'chorus' || kind === 'bridge') {
      const occurrence = plan.slice(0, phrase).filter((k) => k === kind).length;
      // A verse's first phrase leaves room: the melody enters on the second.
      if (kind !== 'verse' || occurrence % 2 === 1) playMelody(ctx, phraseStart, chords, kind, level);
    }
  });
  const channels: ScoreChannel[] = [
    { channel: CH_CHORDS, program: style.chords.program, volume: style.chords.volume, pan: 52, reverb: 50 },
    { channel: CH_BASS, program: style.bass.program, volume: style.bass.volume, pan: 64, reverb: 12 },
    { channel: CH_LEAD, program: style.lead.program, volume: style.lead.volume, pan: 76, reverb: 60 },
    { channel: CH_DRUMS, program: 0, volume: 100, pan: 64, reverb: 30 },
  ];
  if (style.pad)
    channels.push({ channel: CH_PAD, program: style.pad.program, volume: style.pad.volume, pan: 70, reverb: 80 });
  const music = plan.length * PHRASE_BARS * barSeconds;
  return {
    durationSeconds: Math.round((music + TAIL_SECONDS) * 1000) / 1000,
    channels,
    notes: ctx.notes.sort((a, b) => a.time - b.time || a.channel - b.channel || a.key - b.key),
  };
}

/** Seconds of the track's end over which it fades out: its last two bars and the tail. */
export function fadeSecondsOf(spec: TrackSpec): number {
  return (2 * 4 * 60) / spec.bpm + TAIL_SECONDS;
}
