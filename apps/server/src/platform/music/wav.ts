import { pcmWavHeader } from '../media/speech-audio.ts';
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
  return Buffer.concat([pcmWavHeader(2, sampleRate, data.length), data]);
}
