import type { AppModule } from '../context.ts';

/** Interior panoramas (scenes), their order, views and zoom points, and the image-quality tools. */
export const interiorModule: AppModule = {
  name: 'interior',
};
