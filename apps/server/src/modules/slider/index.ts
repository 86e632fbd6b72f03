import type { AppModule } from '../context.ts';
import { sliderJobs } from './jobs.ts';
import { registerSliderRoutes } from './routes.ts';

/** Category images and video links (the slider), original content videos, and a bike's rider-view images. */
export const sliderModule: AppModule = {
  name: 'slider',
  contentApi: registerSliderRoutes,
  jobs: sliderJobs,
};
