import { SPEECH_LANGUAGES, SPEECH_VOICES_BY_LANGUAGE, type SpeechLanguage, type SpeechVoice } from '@spinyard/domain';
import { ESPEAK_ENGINE, espeakSpeak, literalForEspeak } from './espeak.ts';
import { japaneseReading } from './japanese-reading.ts';
import type { SpeechAudio, SpeechSynthesizer, SpeechVoiceInfo } from './speech-synthesizer.ts';

/**
 * The engines, one per language (docs/decisions.md, "Text-to-audio"):
 * - en, fr, pt: eSpeak NG reading the text.
 * - ja: kuromoji's IPADIC readings (kanji to kana), spoken by eSpeak NG's Japanese voice.
 */
const ENGINE_OF: Readonly<Record<SpeechLanguage, string>> = {
  ja: `kuromoji+${ESPEAK_ENGINE}`,
  en: ESPEAK_ENGINE,
  fr: ESPEAK_ENGINE,
  pt: ESPEAK_ENGINE,
};

export const SPEECH_VOICES: readonly SpeechVoiceInfo[] = SPEECH_LANGUAGES.flatMap((language) =>
  SPEECH_VOICES_BY_LANGUAGE[language].map((voice) => ({ language, voice, engine: ENGINE_OF[language] })),
);

export function assertVoice(language: SpeechLanguage, voice: SpeechVoice): void {
  if (!SPEECH_VOICES.some((v) => v.language === language && v.voice === voice)) {
    throw new Error(`no ${voice} voice for ${language}`);
  }
}

/**
 * The engines in the calling thread. Their work is synchronous (eSpeak's synthesis, kuromoji's dictionary load of
 * about 10 s and 400 MB): only the speech worker (speech-worker.ts) runs them, never the server's event loop.
 */
export function createInThreadSynthesizer(): SpeechSynthesizer {
  return {
    voices: () => SPEECH_VOICES,
    async synthesize(text: string, language: SpeechLanguage, voice: SpeechVoice): Promise<SpeechAudio> {
      assertVoice(language, voice);
      // The reading is made from the raw text, then made literal for eSpeak.
      const spoken = language === 'ja' ? await japaneseReading(text) : text;
      return await espeakSpeak(literalForEspeak(spoken), language, voice);
    },
  };
}
