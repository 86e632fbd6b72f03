import {
  TEXT_TO_AUDIO_MAX_CHARS,
  TEXT_TO_AUDIO_MAX_SECONDS,
  TEXT_TO_AUDIO_PREVIEWS_PER_MINUTE,
  textToAudioPreviewBody,
  textToAudioVoicesAnswer,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { type SpeechSynthesizer, speechSynthesizer } from '../../platform/speech/index.ts';
import type { ModuleContext } from '../context.ts';
import { type SpeechService, speechService } from './service.ts';

const tags = ['texttoaudio'];

const routes: FastifyPluginAsyncZod<{ speech: SpeechService }> = async (app, { speech }) => {
  const route = actorRoutes(app, tags);

  route.get('/texttoaudio/voices', {
    summary: 'The playback languages and voices of text-to-audio, the engine of each, and the text bounds',
    answer: textToAudioVoicesAnswer,
    errors: [401],
    run: (actor) => speech.voices(actor),
  });

  app.post(
    '/texttoaudio/preview',
    signedInRoute(tags)({
      summary: 'Speak a plain text in a language and voice: an mp3 (audio/mpeg), made on this server, not stored',
      description:
        `language: ja, en, fr or pt; voice: one of that language's (GET /texttoaudio/voices); text: plain text, ` +
        `1 to ${TEXT_TO_AUDIO_MAX_CHARS} characters, markup read as characters. Audio that would pass ` +
        `${TEXT_TO_AUDIO_MAX_SECONDS} s (the annotation audio rule) is refused: 422 naming text (max_length). ` +
        `At most ${TEXT_TO_AUDIO_PREVIEWS_PER_MINUTE} previews a minute per user (429 rate_limited, Retry-After); ` +
        'when the speech worker is full, 503 speech_busy with Retry-After.',
      body: textToAudioPreviewBody,
    }),
    async (request, reply) => {
      const mp3 = await speech.preview(actorOf(request), request.body);
      return reply.type('audio/mpeg').header('cache-control', 'private, no-store').send(mp3);
    },
  );
};

export async function registerSpeechRoutes(
  scope: FastifyInstance,
  ctx: ModuleContext,
  synthesizer: SpeechSynthesizer = speechSynthesizer(),
): Promise<void> {
  await scope.register(routes, { speech: speechService(synthesizer, undefined, ctx.media) });
}
