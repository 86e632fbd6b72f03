import type { AppModule } from '../context.ts';
import { registerDesignRoutes } from './routes.ts';

/** Custom design (`/custom_design`): the domain's viewer colours and custom hotspot icons. */
export const designModule: AppModule = {
  name: 'design',
  contentApi: registerDesignRoutes,
};
