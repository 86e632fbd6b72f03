import {
  SPEECH_LANGUAGES,
  TEXT_TO_AUDIO_MAX_CHARS,
  TEXT_TO_AUDIO_MAX_SECONDS,
  TEXT_TO_AUDIO_PREVIEWS_PER_MINUTE,
  type TextToAudioPreviewBody,
  type TextToAudioVoicesAnswer,
} from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { type SlidingMinuteLimiter, slidingMinuteLimiter } from '../../http/rate-limit.ts';
import type { Media } from '../../platform/media/media.ts';
import { SpeechBusyError, type SpeechSynthesizer, speechMp3Encoder } from '../../platform/speech/index.ts';
import type { Actor } from '../auth/service.ts';

/** How long a refused caller is asked to wait: a queue of short texts drains in seconds. */
const BUSY_RETRY_SECONDS = 5;
const RATE_RETRY_SECONDS = 10;

/** The engines' answer, or the catalogue's refusal when the speech worker is full or failed (never a 500). */
async function spoken(synthesizer: SpeechSynthesizer, body: TextToAudioPreviewBody) {
  try {
    return await synthesizer.synthesize(body.text, body.language, body.voice);
  } catch (error) {
    if (error instanceof SpeechBusyError) {
      throw new AppError('speech_busy', { retryAfterSeconds: BUSY_RETRY_SECONDS, params: { pending: error.pending } });
    }
    throw new AppError('service_unavailable', { retryAfterSeconds: BUSY_RETRY_SECONDS, params: { service: 'speech' } });
  }
}

/**
 * Text-to-audio for audio hotspots: any signed-in user of the content API may hear a text (it reads and writes no
 * tenant's data, and nothing is stored: the dealer uploads the audio they keep as a hotspot's audio file).
 */
export interface SpeechService {
  voices(actor: Actor): TextToAudioVoicesAnswer;
  preview(actor: Actor, body: TextToAudioPreviewBody): Promise<Buffer>;
}

export function speechService(
  synthesizer: SpeechSynthesizer,
  limiter: SlidingMinuteLimiter = slidingMinuteLimiter({ perMinute: TEXT_TO_AUDIO_PREVIEWS_PER_MINUTE }),
  encoder: Pick<Media, 'encodeSpeechMp3'> = speechMp3Encoder,
): SpeechService {
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
    async preview(actor, body) {
      if (!limiter.allow(actor.userId)) {
        throw new AppError('rate_limited', {
          retryAfterSeconds: RATE_RETRY_SECONDS,
          params: { per_minute: TEXT_TO_AUDIO_PREVIEWS_PER_MINUTE },
        });
      }
      const audio = await spoken(synthesizer, body);
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
      return await encoder.encodeSpeechMp3(audio.samples, audio.sampleRate);
    },
  };
}
