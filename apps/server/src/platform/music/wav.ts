import type { RenderedAudio } from './synth.ts';

/**
 * Rendered music as a 16-bit stereo WAV, the form ffmpeg reads to encode it, with the track's ending faded out (an
 * equal-power curve over `fadeOutSeconds`, so the held chord dies away rather than stopping). Samples past full
 * scale are clipped; the loudness step after it brings the level to the library's target anyway.
 */
export function stereoWav(audio: RenderedAudio, fadeOutSeconds: number): Buffer {
  const { left, right, sampleRate } = audio;
  const frames = left.length;
  const fadeFrames = Math.min(frames, Math.round(fadeOutSeconds * sampleRate));
  const fadeFrom = frames - fadeFrames;
  const data = Buffer.alloc(frames * 4);
  const pcm = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  for (let n = 0; n < frames; n++) {
    const gain = n < fadeFrom ? 1 : Math.cos(((n - fadeFrom) / fadeFrames) * (Math.PI / 2));
    data.writeInt16LE(pcm((left[n] as number) * gain), n * 4);
    data.writeInt16LE(pcm((right[n] as number) * gain), n * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22); // stereo
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
