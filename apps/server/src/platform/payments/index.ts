import type { Db } from '../../db/database.ts';
import { type Clock, systemClock } from '../clock/clock.ts';
import type { PaymentGateway } from './gateway.ts';
import { createLocalGateway } from './local-gateway.ts';
import { createPayjpGateway } from './payjp-gateway.ts';
import type { PaymentSettings } from './settings.ts';
import { createStripeGateway } from './stripe-gateway.ts';

export type { PaymentSettings } from './settings.ts';

/**
 * The card gateway the configuration names (SPINYARD_PAYMENT_GATEWAY): the local one by default, Stripe or PAY.JP
 * with their keys. `serve` and `worker` build one each and give it to the app and to the jobs alike.
 */
export async function createPaymentGateway(
  config: { payments: PaymentSettings; publicUrl?: string | undefined },
  db: Db,
  clock: Clock = systemClock,
): Promise<PaymentGateway> {
  const settings = config.payments;
  switch (settings.gateway) {
    case 'stripe':
      return createStripeGateway(settings);
    case 'payjp':
      return createPayjpGateway(settings);
    case 'local':
      return createLocalGateway({ db, clock, publicUrl: config.publicUrl });
  }
}
