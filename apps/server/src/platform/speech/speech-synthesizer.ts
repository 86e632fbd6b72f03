import type { SpeechLanguage, SpeechVoice } from '@spinyard/domain';

/** Mono 16-bit PCM, as the engines make it. */
export interface SpeechAudio {
  samples: Int16Array;
  sampleRate: number;
}

export interface SpeechVoiceInfo {
  language: SpeechLanguage;
  voice: SpeechVoice;
  /** The engine that speaks it, for the voices list and the operations page. */
  engine: string;
}

/**
 * A text-to-speech engine that runs on this machine (no network service, no model fetched at run time): the
 * voices it speaks, and speech for a plain text in one of them. `synthesize` never interprets markup in the text.
 */
export interface SpeechSynthesizer {
  voices(): readonly SpeechVoiceInfo[];
  synthesize(text: string, language: SpeechLanguage, voice: SpeechVoice): Promise<SpeechAudio>;
}

/** The speech worker has as many requests as it takes: try again in a moment (503 speech_busy). */
export class SpeechBusyError extends Error {
  constructor(readonly pending: number) {
    super(`Text-to-audio is busy (${pending} requests waiting)`);
    this.name = 'SpeechBusyError';
  }
}
