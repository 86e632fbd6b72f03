import type { RenderedAudio } from './synth.ts';

/**
 * Loudness of rendered music as ITU-R BS.1770 measures it (K-weighting, 400 ms blocks overlapping by 75 %, the
 * absolute gate at -70 LUFS and the relative gate 10 LU under the ungated mean), and the gain that brings a track to
 * the library's level. Measured here on the samples rather than by ffmpeg's loudnorm, which resamples to 192 kHz
 * and took as long as the rendering itself on a loaded machine.
 */

/** The library's level: music meant to sit under a video's other sound. */
export const MUSIC_TARGET_LUFS = -16;
/** Peaks are kept under this (about -1 dBFS) by a soft knee, so the AAC encoder never clips. */
const CEILING = 0.89;
const KNEE = 0.7;

/** A biquad's coefficients (b0, b1, b2, a1, a2) for the K-weighting's two stages at a sample rate. */
function kWeighting(rate: number): [number[], number[]] {
  // Shelving stage (the head's effect), as BS.1770 gives it for any rate.
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / rate);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf = [
    (Vh + (Vb * K) / Q + K * K) / a0,
    (2 * (K * K - Vh)) / a0,
    (Vh - (Vb * K) / Q + K * K) / a0,
    (2 * (K * K - 1)) / a0,
    (1 - K / Q + K * K) / a0,
  ];
  // High-pass stage (RLB weighting).
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + K / Q + K * K;
  const highPass = [1, -2, 1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  return [shelf, highPass];
}

/**
 * The K-weighted energy of each 100 ms of the track, both channels summed: the two filter stages run sample by
 * sample, so no weighted copy of the track is ever held (a 120 s track would need 170 MB of them).
 */
function energyPerHop(audio: RenderedAudio, hop: number): Float64Array {
  const [shelf, highPass] = kWeighting(audio.sampleRate) as [number[], number[]];
  const [s0, s1, s2, s3, s4] = shelf as [number, number, number, number, number];
  const [h0, h1, h2, h3, h4] = highPass as [number, number, number, number, number];
  const energy = new Float64Array(Math.floor(audio.left.length / hop));
  for (const samples of [audio.left, audio.right]) {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    let z1 = 0;
    let z2 = 0;
    for (let n = 0; n < energy.length * hop; n++) {
      const x = samples[n] as number;
      const y = s0 * x + s1 * x1 + s2 * x2 - s3 * y1 - s4 * y2;
      x2 = x1;
      x1 = x;
      const z = h0 * y + h1 * y1 + h2 * y2 - h3 * z1 - h4 * z2;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      const at = Math.floor(n / hop);
      energy[at] = (energy[at] as number) + z * z;
    }
  }
  return energy;
}

/** Integrated loudness in LUFS; -Infinity for silence. */
export function integratedLoudness(audio: RenderedAudio): number {
  const hop = Math.round(0.1 * audio.sampleRate);
  const energy = energyPerHop(audio, hop);
  // A 400 ms block is four hops; blocks start every hop (75 % overlap).
  const powers: number[] = [];
  for (let first = 0; first + 4 <= energy.length; first++) {
    const sum =
      (energy[first] as number) +
      (energy[first + 1] as number) +
      (energy[first + 2] as number) +
      (energy[first + 3] as number);
    powers.push(sum / (4 * hop));
  }
  const lufs = (p: number) => -0.691 + 10 * Math.log10(p);
  const gated = (min: number) => powers.filter((p) => lufs(p) > min);
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const absolute = gated(-70);
  if (absolute.length === 0) return Number.NEGATIVE_INFINITY;
  const relative = gated(lufs(mean(absolute)) - 10);
  return lufs(mean(relative.length > 0 ? relative : absolute));
}

/** The track brought to MUSIC_TARGET_LUFS in place, its rare peaks rounded under the ceiling. */
export function normaliseLoudness(audio: RenderedAudio): { measuredLufs: number; gainDb: number } {
  const measuredLufs = integratedLoudness(audio);
  if (!Number.isFinite(measuredLufs)) return { measuredLufs, gainDb: 0 };
  const gainDb = MUSIC_TARGET_LUFS - measuredLufs;
  const gain = 10 ** (gainDb / 20);
  const room = CEILING - KNEE;
  const soft = (v: number) => {
    const a = Math.abs(v);
    if (a <= KNEE) return v;
    return Math.sign(v) * (KNEE + room * Math.tanh((a - KNEE) / room));
  };
  for (const c of [audio.left, audio.right]) for (let n = 0; n < c.length; n++) c[n] = soft((c[n] as number) * gain);
  return { measuredLufs, gainDb };
}
