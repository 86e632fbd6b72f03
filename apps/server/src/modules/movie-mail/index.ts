import type { AppModule, ModuleContext } from '../context.ts';
import { movieLinkService } from './link-service.ts';
import { movieMailRoutes, moviePageRoutes } from './routes.ts';
import { movieMailService } from './service.ts';

const serviceOf = (ctx: ModuleContext) => movieMailService({ db: ctx.db, mail: ctx.mail, publicUrl: ctx.publicUrl });

/** Movie mail (issue 20, point 4): `/send_mail` (send, resend, history) and the buyer's page `/movie/{token}`. */
export const movieMailModule: AppModule = {
  name: 'movie-mail',
  async public(scope, ctx) {
    await scope.register(moviePageRoutes, { links: movieLinkService(ctx.db) });
  },
  async contentApi(scope, ctx) {
    await scope.register(movieMailRoutes, { mails: serviceOf(ctx) });
  },
};
