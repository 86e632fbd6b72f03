import type { AppModule } from '../context.ts';
import { registerSpeechRoutes } from './routes.ts';

/** Text-to-audio (`/texttoaudio/...`): speech made on this machine for audio hotspots (platform/speech). */
export const speechModule: AppModule = {
  name: 'speech',
  contentApi: (scope, ctx) => registerSpeechRoutes(scope, ctx),
};
