import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = { SPINYARD_DATA_DIR: '/tmp/spinyard-payment-config' };

describe('payment configuration', () => {
  it('uses the local gateway when nothing is set', () => {
    expect(loadConfig(base).payments).toEqual({ gateway: 'local' });
  });

  it('refuses Stripe or PAY.JP without each of their keys, naming the missing ones', () => {
    expect(() => loadConfig({ ...base, SPINYARD_PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required with SPINYARD_PAYMENT_GATEWAY=stripe[\s\S]*STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(() => loadConfig({ ...base, SPINYARD_PAYMENT_GATEWAY: 'payjp' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SPINYARD_PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'pk_live_x' })).toThrow(
      /STRIPE_SECRET_KEY: a Stripe secret key/,
    );
    expect(() => loadConfig({ ...base, SPINYARD_PAYMENT_GATEWAY: 'square' })).toThrow(/SPINYARD_PAYMENT_GATEWAY/);
  });

  it('reads each gateway’s keys and its API base for tests', () => {
    expect(
      loadConfig({
        ...base,
        SPINYARD_PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:9999',
      }).payments,
    ).toEqual({
      gateway: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:9999',
    });
    expect(
      loadConfig({
        ...base,
        SPINYARD_PAYMENT_GATEWAY: 'payjp',
        PAYJP_SECRET_KEY: 'sk_test_2',
        PAYJP_PUBLIC_KEY: 'pk_test_2',
        PAYJP_WEBHOOK_TOKEN: 'whook_0123456789',
      }).payments,
    ).toEqual({
      gateway: 'payjp',
      secretKey: 'sk_test_2',
      publicKey: 'pk_test_2',
      webhookToken: 'whook_0123456789',
      apiUrl: undefined,
    });
  });
});
