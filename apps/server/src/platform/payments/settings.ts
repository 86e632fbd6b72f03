/** Which card gateway this server uses and its keys (config.ts reads them; index.ts builds the adapter). */
export type PaymentSettings =
  | { gateway: 'local' }
  | {
      gateway: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Another API origin (a test's fake server); Stripe's own when absent. */
      apiUrl?: string | undefined;
    }
  | {
      gateway: 'payjp';
      secretKey: string;
      publicKey: string;
      webhookToken: string;
      /** Another API base (a test's fake server); https://api.pay.jp/v1 when absent. */
      apiUrl?: string | undefined;
    };
