import { z } from 'zod';
import { ruleIssue } from './field-errors.ts';

/**
 * Text-to-audio for audio hotspots (first document, section 3 "Annotation": "audio playback language and voice";
 * second document, section 7: `/texttoaudio/preview`). The speech is made on the server's own machine by an
 * engine shipped in npm packages, never by a network service (docs/decisions.md, "Text-to-audio"). Readings:
 * - The languages are the product's four; each has a female and a male voice.
 * - The text is plain text: markup in it is read as the characters it is, never interpreted (no SSML, no
 *   phoneme codes). Control characters other than line breaks and tabs are refused (`format`).
 * - The text is bounded so the audio stays within the annotation audio rule (mp3 or m4a, at most 120 s and
 *   5 MB, second document section 5): TEXT_TO_AUDIO_MAX_CHARS characters speak in well under 120 s in every
 *   language at the engine's rate; a text that still would take longer is refused naming `text` (max_length).
 * - The answer is an mp3 (audio/mpeg) that the browser plays as is.
 */

export const SPEECH_LANGUAGES = ['ja', 'en', 'fr', 'pt'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

export const SPEECH_VOICES = ['female', 'male'] as const;
export type SpeechVoice = (typeof SPEECH_VOICES)[number];

/** The voices each language offers, the first being the default. */
export const SPEECH_VOICES_BY_LANGUAGE: Readonly<Record<SpeechLanguage, readonly SpeechVoice[]>> = {
  ja: ['female', 'male'],
  en: ['female', 'male'],
  fr: ['female', 'male'],
  pt: ['female', 'male'],
};

/** Characters of text at most (full-width and half-width alike). */
export const TEXT_TO_AUDIO_MAX_CHARS = 500;
/** The annotation audio rule's length (second document, section 5). */
export const TEXT_TO_AUDIO_MAX_SECONDS = 120;
/**
 * Previews per user and sliding minute on one node (ours): the editor's "listen" button pressed a few times a minute
 * is far below it; a script looping on it is not. Past it: 429 rate_limited.
 */
export const TEXT_TO_AUDIO_PREVIEWS_PER_MINUTE = 20;

/** A control character other than tab, line feed and carriage return. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

export const textToAudioPreviewBody = z
  .object({
    language: z.enum(SPEECH_LANGUAGES),
    voice: z.enum(SPEECH_VOICES),
    text: z
      .string()
      .refine((s) => s.trim().length > 0, ruleIssue('required'))
      .refine((s) => [...s].length <= TEXT_TO_AUDIO_MAX_CHARS, ruleIssue('max_length'))
      .refine((s) => !hasControl(s), ruleIssue('format')),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!SPEECH_VOICES_BY_LANGUAGE[body.language].includes(body.voice)) {
      ctx.addIssue({ code: 'custom', path: ['voice'], ...ruleIssue('one_of') });
    }
  });
export type TextToAudioPreviewBody = z.infer<typeof textToAudioPreviewBody>;

export const textToAudioVoicesAnswer = z.object({
  languages: z.array(
    z.object({
      language: z.enum(SPEECH_LANGUAGES),
      /** The engine that speaks it (docs/decisions.md). */
      engine: z.string(),
      voices: z.array(z.enum(SPEECH_VOICES)),
    }),
  ),
  max_chars: z.number().int(),
  max_seconds: z.number().int(),
});
export type TextToAudioVoicesAnswer = z.infer<typeof textToAudioVoicesAnswer>;
