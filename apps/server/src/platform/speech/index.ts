import { SPEECH_LANGUAGES, SPEECH_VOICES_BY_LANGUAGE, type SpeechLanguage, type SpeechVoice } from '@spinyard/domain';
import { ESPEAK_ENGINE, espeakSpeak, literalForEspeak } from './espeak.ts';
import { japaneseReading } from './japanese-reading.ts';
import type { SpeechAudio, SpeechSynthesizer, SpeechVoiceInfo } from './speech-synthesizer.ts';

export type { SpeechAudio, SpeechSynthesizer, SpeechVoiceInfo } from './speech-synthesizer.ts';

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

export function createSpeechSynthesizer(): SpeechSynthesizer {
  const voices: SpeechVoiceInfo[] = SPEECH_LANGUAGES.flatMap((language) =>
    SPEECH_VOICES_BY_LANGUAGE[language].map((voice) => ({ language, voice, engine: ENGINE_OF[language] })),
  );
  return {
    voices: () => voices,
    async synthesize(text: string, language: SpeechLanguage, voice: SpeechVoice): Promise<SpeechAudio> {
      if (!voices.some((v) => v.language === language && v.voice === voice)) {
        throw new Error(`no ${voice} voice for ${language}`);
      }
      // The reading is made from the raw text, then made literal for eSpeak.
      const spoken = language === 'ja' ? await japaneseReading(text) : text;
      return await espeakSpeak(literalForEspeak(spoken), language, voice);
    },
  };
}

let shared: SpeechSynthesizer | undefined;

/** The process's synthesizer: engines load on first use and are kept. */
export function speechSynthesizer(): SpeechSynthesizer {
  shared ??= createSpeechSynthesizer();
  return shared;
}
