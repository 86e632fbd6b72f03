import {
  SPEECH_LANGUAGES,
  TEXT_TO_AUDIO_MAX_CHARS,
  TEXT_TO_AUDIO_MAX_SECONDS,
  type TextToAudioPreviewBody,
  type TextToAudioVoicesAnswer,
} from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { encodeSpeechMp3 } from '../../platform/media/speech-audio.ts';
import type { SpeechSynthesizer } from '../../platform/speech/index.ts';
import type { Actor } from '../auth/service.ts';

/**
 * Text-to-audio for audio hotspots: any signed-in user of the content API may hear a text (it reads and writes no
 * tenant's data, and nothing is stored: the dealer uploads the audio they keep as a hotspot's audio file).
 */
export interface SpeechService {
  voices(actor: Actor): TextToAudioVoicesAnswer;
  preview(actor: Actor, body: TextToAudioPreviewBody): Promise<Buffer>;
}

export function speechService(synthesizer: SpeechSynthesizer): SpeechService {
  return {
    voices() {
      const all = synthesizer.voices();
      return {
        languages: SPEECH_LANGUAGES.map((language) => {
          const of = all.filter((v) => v.language === language);
          return { language, engine: of[0]?.engine ?? '', voices: of.map((v) => v.voice) };
        }),
        max_chars: TEXT_TO_AUDIO_MAX_CHARS,
        max_seconds: TEXT_TO_AUDIO_MAX_SECONDS,
      };
    },
    async preview(_actor, body) {
      const audio = await synthesizer.synthesize(body.text, body.language, body.voice);
      const seconds = audio.samples.length / audio.sampleRate;
      if (seconds > TEXT_TO_AUDIO_MAX_SECONDS) {
        throw new AppError('validation_failed', {
          fields: [
            fieldError(
              'text',
              'max_length',
              `This text would speak for more than ${TEXT_TO_AUDIO_MAX_SECONDS} seconds.`,
            ),
          ],
        });
      }
      return await encodeSpeechMp3(audio.samples, audio.sampleRate);
    },
  };
}
