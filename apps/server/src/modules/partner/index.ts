import type { AppModule } from '../context.ts';
import { partnerBillingReportService } from './billing-report-service.ts';
import { reportingKeysService } from './keys-service.ts';
import { reportingRoutes } from './reporting-routes.ts';
import { reportingService } from './reporting-service.ts';
import { partnerRoutes } from './routes.ts';

/** Partner reports (issue 22, parts 3 and 4): the billing report, the reporting API and its keys. */
export const partnerModule: AppModule = {
  name: 'partner',
  async public(scope, ctx) {
    await scope.register(reportingRoutes, { reporting: reportingService(ctx.db) });
  },
  async signedIn(scope, ctx) {
    await scope.register(partnerRoutes, {
      keys: reportingKeysService(ctx.db),
      billing: partnerBillingReportService(ctx.db),
    });
  },
};
