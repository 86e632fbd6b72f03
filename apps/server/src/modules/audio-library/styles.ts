import type { AudioGenre, AudioMood } from '@spinyard/domain';

/**
 * How each genre of the product's library is played (docs/decisions.md, "Content videos: audio library"): its chord
 * progressions by section, its General MIDI instruments, and the patterns of its chords, bass and drums. Progressions
 * are written from the key's tonic, so one style plays in any key.
 */

export type ChordQuality = 'maj' | 'min' | 'maj7' | 'min7' | 'dom7' | 'sus2' | 'sus4' | 'add9';

/** A chord: its root in semitones above the tonic, and its quality. */
export type Chord = readonly [root: number, quality: ChordQuality];

export const CHORD_TONES: Readonly<Record<ChordQuality, readonly number[]>> = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  maj7: [0, 4, 7, 11],
  min7: [0, 3, 7, 10],
  dom7: [0, 4, 7, 10],
  sus2: [0, 2, 7],
  sus4: [0, 5, 7],
  add9: [0, 4, 7, 14],
};

export type SectionKind = 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro';

/** Four bars, one chord a bar, per section (the intro and outro play the verse's and the chorus's). */
export interface Progressions {
  verse: readonly Chord[];
  chorus: readonly Chord[];
  bridge: readonly Chord[];
}

export type ChordPattern = 'block' | 'arpeggio8' | 'arpeggio16' | 'stabs' | 'comp' | 'power8' | 'strum';
export type BassPattern = 'roots' | 'eighths' | 'walking' | 'root-fifth' | 'whole' | 'pulse';
export type DrumPattern = 'pop' | 'rock' | 'swing' | 'four' | 'light' | 'corporate' | 'cinematic' | 'none';

export interface Style {
  mode: 'major' | 'minor';
  progressions: Progressions;
  chords: { program: number; volume: number; pattern: ChordPattern };
  pad?: { program: number; volume: number };
  bass: { program: number; volume: number; pattern: BassPattern };
  lead: { program: number; volume: number };
  drums: DrumPattern;
  /** Offbeat eighths late by a triplet's share (jazz). */
  swing: boolean;
  /** The melody keeps to the pentatonic scale (no clash with any chord of the progression) or the full scale. */
  pentatonic: boolean;
}

// Major-key degrees: I 0, ii 2, iii 4, IV 5, V 7, vi 9, bVII 10. Minor: i 0, III 3, iv 5, v 7, VI 8, VII 10.
const I: Chord = [0, 'maj'];
const ii: Chord = [2, 'min'];
const iii: Chord = [4, 'min'];
const IV: Chord = [5, 'maj'];
const V: Chord = [7, 'maj'];
const vi: Chord = [9, 'min'];
const bVII: Chord = [10, 'maj'];
const i: Chord = [0, 'min'];
const III: Chord = [3, 'maj'];
const iv: Chord = [5, 'min'];
const VI: Chord = [8, 'maj'];
const VII: Chord = [10, 'maj'];

type Instrument = readonly [program: number, volume: number];

/** A style from its table row: instruments as [General MIDI program, channel volume]. */
function style(
  mode: Style['mode'],
  [verse, chorus, bridge]: readonly [readonly Chord[], readonly Chord[], readonly Chord[]],
  [chords, chordPattern]: readonly [Instrument, ChordPattern],
  pad: Instrument | null,
  [bass, bassPattern]: readonly [Instrument, BassPattern],
  lead: Instrument,
  drums: DrumPattern,
  feel: { swing?: boolean; pentatonic: boolean },
): Style {
  const at = ([program, volume]: Instrument) => ({ program, volume });
  return {
    mode,
    progressions: { verse, chorus, bridge },
    chords: { ...at(chords), pattern: chordPattern },
    ...(pad ? { pad: at(pad) } : {}),
    bass: { ...at(bass), pattern: bassPattern },
    lead: at(lead),
    drums,
    swing: feel.swing ?? false,
    pentatonic: feel.pentatonic,
  };
}

const PENTATONIC = { pentatonic: true };
const DIATONIC = { pentatonic: false };

// One genre a line: mode, progressions (verse, chorus, bridge), chords, pad, bass, lead, drums, melody's scale.
// biome-ignore format: a table reads as rows
export const STYLES: Readonly<Record<AudioGenre, Style>> = {
  pop: style('major', [[I, V, vi, IV], [IV, I, V, vi], [ii, IV, vi, [7, 'sus4']]], [[0, 96], 'block'], [48, 62], [[33, 100], 'roots'], [80, 66], 'pop', PENTATONIC),
  rock: style('major', [[I, bVII, IV, I], [IV, I, V, V], [vi, IV, I, V]], [[29, 84], 'power8'], [16, 44], [[34, 104], 'eighths'], [30, 70], 'rock', PENTATONIC),
  jazz: style('major', [[[2, 'min7'], [7, 'dom7'], [0, 'maj7'], [9, 'dom7']], [[0, 'maj7'], [9, 'min7'], [2, 'min7'], [7, 'dom7']], [[4, 'min7'], [9, 'dom7'], [2, 'min7'], [7, 'dom7']]], [[4, 88], 'comp'], null, [[32, 108], 'walking'], [66, 80], 'swing', { swing: true, pentatonic: false }),
  ambient: style('major', [[[0, 'maj7'], [5, 'maj7'], [9, 'min7'], [5, 'maj7']], [[5, 'maj7'], [0, 'maj7'], [7, 'sus2'], [9, 'min7']], [[2, 'min7'], [5, 'maj7'], [0, 'add9'], [7, 'sus4']]], [[46, 84], 'arpeggio8'], [89, 80], [[32, 86], 'whole'], [11, 70], 'none', PENTATONIC),
  electronic: style('minor', [[i, VI, III, VII], [VI, VII, i, i], [iv, VI, VII, [7, 'sus4']]], [[81, 70], 'stabs'], [90, 66], [[38, 104], 'pulse'], [80, 64], 'four', PENTATONIC),
  acoustic: style('major', [[I, IV, vi, V], [IV, I, V, vi], [ii, V, I, IV]], [[25, 96], 'strum'], null, [[32, 100], 'root-fifth'], [73, 74], 'light', PENTATONIC),
  corporate: style('major', [[I, [7, 'sus4'], vi, IV], [IV, V, iii, vi], [ii, IV, [0, 'add9'], V]], [[0, 86], 'arpeggio16'], [48, 64], [[33, 98], 'root-fifth'], [11, 74], 'corporate', DIATONIC),
  cinematic: style('minor', [[i, VI, III, VII], [VI, III, VII, i], [iv, i, VI, [7, 'maj']]], [[48, 88], 'arpeggio8'], [52, 58], [[43, 96], 'whole'], [60, 80], 'cinematic', DIATONIC),
};

/** How hard everything is played, and how busy the melody and the hats are, by mood. */
export const MOOD_FEEL: Readonly<Record<AudioMood, { velocity: number; busy: number }>> = {
  calm: { velocity: 72, busy: 0.35 },
  relaxed: { velocity: 80, busy: 0.45 },
  elegant: { velocity: 84, busy: 0.5 },
  bright: { velocity: 92, busy: 0.65 },
  uplifting: { velocity: 96, busy: 0.7 },
  driving: { velocity: 104, busy: 0.8 },
};

/** Loudness of each section against the chorus, so a track rises into its choruses and settles after. */
export const SECTION_LEVEL: Readonly<Record<SectionKind, number>> = {
  intro: 0.78,
  verse: 0.86,
  chorus: 1,
  bridge: 0.8,
  outro: 0.84,
};

export const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11] as const;
export const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10] as const;
export const MAJOR_PENTATONIC = [0, 2, 4, 7, 9] as const;
export const MINOR_PENTATONIC = [0, 3, 5, 7, 10] as const;
