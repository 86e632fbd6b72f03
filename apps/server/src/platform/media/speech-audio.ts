import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from '../jobs/temp-space.ts';
import { ffmpegPath, runBounded } from './ffmpeg.ts';

/**
 * Speech (mono 16-bit PCM from platform/speech) as an mp3 the browser plays: 64 kbit/s mono, which keeps 120 s
 * of speech near 1 MB, well under the annotation audio rule's 5 MB. The PCM is written as a WAV file in a private
 * temporary folder (ffmpeg reads a file, runBounded gives it no input) and removed afterwards.
 */

const MP3_BITRATE = '64k';
/** An mp3 of at most 120 s at 64 kbit/s is about 1 MB; anything past this is a fault, not speech. */
const MAX_MP3_BYTES = 5 * 1024 * 1024;

/** The 44-byte header of a 16-bit PCM WAV file of `channels` interleaved channels and `dataBytes` of samples. */
export function pcmWavHeader(channels: number, sampleRate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2 * channels, 28);
  header.writeUInt16LE(2 * channels, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export function wavOf(samples: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return Buffer.concat([pcmWavHeader(1, sampleRate, data.length), data]);
}

export async function encodeSpeechMp3(samples: Int16Array, sampleRate: number): Promise<Buffer> {
  const dir = await makeTempDir('spinyard-speech-');
  try {
    const input = path.join(dir, 'speech.wav');
    await writeFile(input, wavOf(samples, sampleRate));
    const result = await runBounded(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input, '-vn', '-ac', '1', '-c:a', 'libmp3lame'].concat([
        '-b:a',
        MP3_BITRATE,
        '-f',
        'mp3',
        'pipe:1',
      ]),
      { timeoutMs: 60_000, maxStdoutBytes: MAX_MP3_BYTES },
    );
    if (result.code !== 0 || result.stdout.length === 0) {
      throw new Error(`ffmpeg could not encode the speech: ${result.spawnError ?? result.stderr.trim()}`);
    }
    return result.stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
