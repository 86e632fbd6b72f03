import { encodeSpeechMp3 } from '../media/speech-audio.ts';
import type { SpeechSynthesizer } from './speech-synthesizer.ts';
import { createWorkerSynthesizer } from './worker-synthesizer.ts';

export { createInThreadSynthesizer } from './in-thread.ts';
export {
  type SpeechAudio,
  SpeechBusyError,
  type SpeechSynthesizer,
  type SpeechVoiceInfo,
} from './speech-synthesizer.ts';
export { createWorkerSynthesizer, SPEECH_WORKER_DEFAULTS } from './worker-synthesizer.ts';

/** Speech as MP3, through the media adapter's encoder: for a speech service built without the whole adapter. */
export const speechMp3Encoder: { encodeSpeechMp3: typeof encodeSpeechMp3 } = { encodeSpeechMp3 };

let shared: SpeechSynthesizer | undefined;

/** The process's synthesizer: one speech worker thread, started on first use and kept while it is used. */
export function speechSynthesizer(): SpeechSynthesizer {
  shared ??= createWorkerSynthesizer();
  return shared;
}
