import type { AppModule } from '../context.ts';
import { contactRoutes } from './routes.ts';
import { contactService } from './service.ts';

/** The contact form: an inquiry mailed to the operator. */
export const contactModule: AppModule = {
  name: 'contact',
  async signedIn(scope, ctx) {
    await scope.register(contactRoutes, {
      contact: contactService({ db: ctx.db, mail: ctx.mail, operatorEmail: ctx.operatorEmail }),
    });
  },
};
