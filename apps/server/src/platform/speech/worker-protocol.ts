import type { SpeechLanguage, SpeechVoice } from '@spinyard/domain';

/** The messages between the server's thread (worker-synthesizer.ts) and the speech worker (speech-worker.ts). */
export interface SpeechRequest {
  id: number;
  text: string;
  language: SpeechLanguage;
  voice: SpeechVoice;
}

export type SpeechResponse =
  | { id: number; ok: true; samples: Int16Array; sampleRate: number }
  | { id: number; ok: false; message: string };
