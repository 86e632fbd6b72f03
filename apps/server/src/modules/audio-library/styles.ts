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

export const STYLES: Readonly<Record<AudioGenre, Style>> = {
  pop: {
    mode: 'major',
    progressions: { verse: [I, V, vi, IV], chorus: [IV, I, V, vi], bridge: [ii, IV, vi, [7, 'sus4']] },
    chords: { program: 0, volume: 96, pattern: 'block' },
    pad: { program: 48, volume: 62 },
    bass: { program: 33, volume: 100, pattern: 'roots' },
    lead: { program: 80, volume: 66 },
    drums: 'pop',
    swing: false,
    pentatonic: true,
  },
  rock: {
    mode: 'major',
    progressions: { verse: [I, bVII, IV, I], chorus: [IV, I, V, V], bridge: [vi, IV, I, V] },
    chords: { program: 29, volume: 84, pattern: 'power8' },
    pad: { program: 16, volume: 44 },
    bass: { program: 34, volume: 104, pattern: 'eighths' },
    lead: { program: 30, volume: 70 },
    drums: 'rock',
    swing: false,
    pentatonic: true,
  },
  jazz: {
    mode: 'major',
    progressions: {
      verse: [
        [2, 'min7'],
        [7, 'dom7'],
        [0, 'maj7'],
        [9, 'dom7'],
      ],
      chorus: [
        [0, 'maj7'],
        [9, 'min7'],
        [2, 'min7'],
        [7, 'dom7'],
      ],
      bridge: [
        [4, 'min7'],
        [9, 'dom7'],
        [2, 'min7'],
        [7, 'dom7'],
      ],
    },
    chords: { program: 4, volume: 88, pattern: 'comp' },
    bass: { program: 32, volume: 108, pattern: 'walking' },
    lead: { program: 66, volume: 80 },
    drums: 'swing',
    swing: true,
    pentatonic: false,
  },
  ambient: {
    mode: 'major',
    progressions: {
      verse: [
        [0, 'maj7'],
        [5, 'maj7'],
        [9, 'min7'],
        [5, 'maj7'],
      ],
      chorus: [
        [5, 'maj7'],
        [0, 'maj7'],
        [7, 'sus2'],
        [9, 'min7'],
      ],
      bridge: [
        [2, 'min7'],
        [5, 'maj7'],
        [0, 'add9'],
        [7, 'sus4'],
      ],
    },
    chords: { program: 46, volume: 84, pattern: 'arpeggio8' },
    pad: { program: 89, volume: 80 },
    bass: { program: 32, volume: 86, pattern: 'whole' },
    lead: { program: 11, volume: 70 },
    drums: 'none',
    swing: false,
    pentatonic: true,
  },
  electronic: {
    mode: 'minor',
    progressions: { verse: [i, VI, III, VII], chorus: [VI, VII, i, i], bridge: [iv, VI, VII, [7, 'sus4']] },
    chords: { program: 81, volume: 70, pattern: 'stabs' },
    pad: { program: 90, volume: 66 },
    bass: { program: 38, volume: 104, pattern: 'pulse' },
    lead: { program: 80, volume: 64 },
    drums: 'four',
    swing: false,
    pentatonic: true,
  },
  acoustic: {
    mode: 'major',
    progressions: { verse: [I, IV, vi, V], chorus: [IV, I, V, vi], bridge: [ii, V, I, IV] },
    chords: { program: 25, volume: 96, pattern: 'strum' },
    bass: { program: 32, volume: 100, pattern: 'root-fifth' },
    lead: { program: 73, volume: 74 },
    drums: 'light',
    swing: false,
    pentatonic: true,
  },
  corporate: {
    mode: 'major',
    progressions: { verse: [I, [7, 'sus4'], vi, IV], chorus: [IV, V, iii, vi], bridge: [ii, IV, [0, 'add9'], V] },
    chords: { program: 0, volume: 86, pattern: 'arpeggio16' },
    pad: { program: 48, volume: 64 },
    bass: { program: 33, volume: 98, pattern: 'root-fifth' },
    lead: { program: 11, volume: 74 },
    drums: 'corporate',
    swing: false,
    pentatonic: false,
  },
  cinematic: {
    mode: 'minor',
    progressions: { verse: [i, VI, III, VII], chorus: [VI, III, VII, i], bridge: [iv, i, VI, [7, 'maj']] },
    chords: { program: 48, volume: 88, pattern: 'arpeggio8' },
    pad: { program: 52, volume: 58 },
    bass: { program: 43, volume: 96, pattern: 'whole' },
    lead: { program: 60, volume: 80 },
    drums: 'cinematic',
    swing: false,
    pentatonic: false,
  },
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
