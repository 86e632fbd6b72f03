import type { AudioGenre, AudioMood } from '@spinyard/domain';
import type { TrackSpec } from './composer.ts';

/**
 * The product's library: 24 tracks, three per genre, for the moods a dealer puts under a car video. A key names the
 * composer's version (`v1-`): a later composer that plays differently gets new keys, so a track already made never
 * changes under a video that uses it.
 */

const C = 0;
const D = 2;
const E = 4;
const F = 5;
const G = 7;
const A = 9;
const B_FLAT = 10;
const E_FLAT = 3;

const entry = (
  slug: string,
  title: string,
  genre: AudioGenre,
  mood: AudioMood,
  bpm: number,
  tonic: number,
  targetSeconds: number,
): TrackSpec => ({ key: `v1-${slug}`, title, genre, mood, bpm, tonic, targetSeconds });

export const LIBRARY_CATALOGUE: readonly TrackSpec[] = [
  entry('sunny-drive', 'Sunny Drive', 'pop', 'bright', 112, G, 90),
  entry('open-road-weekend', 'Open Road Weekend', 'pop', 'uplifting', 120, D, 105),
  entry('city-lights', 'City Lights', 'pop', 'relaxed', 96, F, 75),
  entry('highway-torque', 'Highway Torque', 'rock', 'driving', 132, E, 90),
  entry('red-line', 'Red Line', 'rock', 'driving', 144, A, 60),
  entry('gravel-road', 'Gravel Road', 'rock', 'bright', 120, D, 105),
  entry('showroom-swing', 'Showroom Swing', 'jazz', 'elegant', 126, F, 90),
  entry('velvet-evening', 'Velvet Evening', 'jazz', 'relaxed', 88, B_FLAT, 110),
  entry('chrome-cafe', 'Chrome Café', 'jazz', 'bright', 138, C, 75),
  entry('morning-glass', 'Morning Glass', 'ambient', 'calm', 72, C, 100),
  entry('quiet-cabin', 'Quiet Cabin', 'ambient', 'calm', 64, E_FLAT, 120),
  entry('horizon-haze', 'Horizon Haze', 'ambient', 'relaxed', 80, A, 80),
  entry('night-circuit', 'Night Circuit', 'electronic', 'driving', 124, A, 90),
  entry('neon-dash', 'Neon Dash', 'electronic', 'uplifting', 128, F, 75),
  entry('pulse-garage', 'Pulse Garage', 'electronic', 'driving', 118, D, 105),
  entry('country-lane', 'Country Lane', 'acoustic', 'bright', 104, G, 90),
  entry('sunday-wash', 'Sunday Wash', 'acoustic', 'relaxed', 92, C, 70),
  entry('coastal-miles', 'Coastal Miles', 'acoustic', 'uplifting', 110, D, 100),
  entry('trusted-partner', 'Trusted Partner', 'corporate', 'uplifting', 110, C, 90),
  entry('clear-future', 'Clear Future', 'corporate', 'bright', 116, G, 65),
  entry('quality-certified', 'Quality Certified', 'corporate', 'elegant', 100, E_FLAT, 110),
  entry('grand-reveal', 'Grand Reveal', 'cinematic', 'elegant', 84, D, 100),
  entry('mountain-pass', 'Mountain Pass', 'cinematic', 'uplifting', 96, C, 85),
  entry('first-light', 'First Light', 'cinematic', 'calm', 76, E, 120),
];

export const catalogueEntry = (key: string): TrackSpec | undefined => LIBRARY_CATALOGUE.find((t) => t.key === key);
