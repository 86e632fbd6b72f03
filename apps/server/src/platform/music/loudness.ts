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
  let G = 3.999843853973347;
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
  G = 0;
  a0 = 1 + K / Q + K * K;
  const highPass = [1, -2, 1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  return [shelf, highPass];
}

function weighted(samples: Float32Array, stages: number[][]): Float64Array {
  let x: ArrayLike<number> = samples;
  let y = new Float64Array(samples.length);
  for (const [b0, b1, b2, a1, a2] of stages as [number, number, number, number, number][]) {
    y = new Float64Array(samples.length);
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let n = 0; n < samples.length; n++) {
      const xn = x[n] as number;
      const yn = b0 * xn + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = xn;
      y2 = y1;
      y1 = yn;
      y[n] = yn;
    }
    x = y;
  }
  return y;
}

/** Integrated loudness in LUFS; -Infinity for silence. */
export function integratedLoudness(audio: RenderedAudio): number {
  const stages = kWeighting(audio.sampleRate);
  const channels = [weighted(audio.left, stages), weighted(audio.right, stages)];
  const block = Math.round(0.4 * audio.sampleRate);
  const hop = Math.round(0.1 * audio.sampleRate);
  const powers: number[] = [];
  for (let start = 0; start + block <= audio.left.length; start += hop) {
    let sum = 0;
    for (const c of channels) for (let n = start; n < start + block; n++) sum += (c[n] as number) ** 2;
    powers.push(sum / block);
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
