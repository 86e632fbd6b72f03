import type { SpeechLanguage, SpeechVoice } from '@spinyard/domain';
import type { SpeechAudio } from './speech-synthesizer.ts';

/**
 * eSpeak NG (GPL-3.0-or-later), compiled to JavaScript by Emscripten in the npm package
 * @echogarden/espeak-ng-emscripten, its language data inside the package: it runs in this process, with no
 * program, library or file from the system and no network. One engine instance is kept and used by one call at a
 * time (the engine is not re-entrant); its first use costs about a second to start.
 */

export const ESPEAK_ENGINE = 'espeak-ng';

/** eSpeak's sample rate: its voices are made at 22,050 Hz. */
const SAMPLE_RATE = 22_050;
/** Words per minute: a little slower than eSpeak's 175, for a listener outdoors on a phone. */
const RATE = 160;

/**
 * eSpeak voice names per language and voice: the language's voice, with a female variant (`+f3`) or eSpeak's
 * own male default. Portuguese is Brazil's (the larger market), English the United States'.
 */
const VOICE_NAMES: Readonly<Record<SpeechLanguage, string>> = { ja: 'ja', en: 'en-us', fr: 'fr', pt: 'pt-br' };
const VARIANT: Readonly<Record<SpeechVoice, string>> = { female: '+f3', male: '' };

type Worker = import('@echogarden/espeak-ng-emscripten').EspeakWorker;

let worker: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function startWorker(): Promise<Worker> {
  const { default: initialize } = await import('@echogarden/espeak-ng-emscripten');
  const module = await initialize();
  return new module.eSpeakNGWorker();
}

/**
 * The text as eSpeak reads it literally: the engine parses SSML, so `&`, `<` and `>` become entities (read as the
 * characters, never as markup), and `[[`, which would open phoneme codes, is split.
 */
export function literalForEspeak(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('[[', '[ [')
    .replaceAll(']]', '] ]');
}

/** Speech for text already made literal (literalForEspeak) in a language's voice. */
export function espeakSpeak(literalText: string, language: SpeechLanguage, voice: SpeechVoice): Promise<SpeechAudio> {
  const run = queue.then(async () => {
    worker ??= startWorker().catch((error: unknown) => {
      worker = undefined;
      throw error;
    });
    const engine = await worker;
    engine.set_voice(`${VOICE_NAMES[language]}${VARIANT[voice]}`);
    engine.set_rate(RATE);
    const chunks: Int16Array[] = [];
    let length = 0;
    engine.synthesize(literalText, (samples) => {
      if (samples && samples.length > 0) {
        // The engine reuses its buffer: keep a copy.
        chunks.push(samples.slice());
        length += samples.length;
      }
    });
    const samples = new Int16Array(length);
    let at = 0;
    for (const chunk of chunks) {
      samples.set(chunk, at);
      at += chunk.length;
    }
    return { samples, sampleRate: SAMPLE_RATE };
  });
  queue = run.catch(() => undefined);
  return run;
}
