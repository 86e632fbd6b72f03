import type { AppModule } from '../context.ts';

/** Category images and video links (the slider), original content videos, and a bike's rider-view images. */
export const sliderModule: AppModule = {
  name: 'slider',
};
