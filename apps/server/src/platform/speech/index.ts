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

let shared: SpeechSynthesizer | undefined;

/** The process's synthesizer: one speech worker thread, started on first use and kept while it is used. */
export function speechSynthesizer(): SpeechSynthesizer {
  shared ??= createWorkerSynthesizer();
  return shared;
}
