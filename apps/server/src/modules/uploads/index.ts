import type { AppModule } from '../context.ts';
import { registerUploadRoutes } from './routes.ts';

/**
 * Resumable video uploads (tus) under the content API: the bytes go to a folder of the data dir, each finished
 * file is checked by its content and recorded with the spec's upload states for the exterior pipeline.
 */
export const uploadsModule: AppModule = {
  name: 'uploads',
  contentApi: registerUploadRoutes,
};
