import type { PlanFormCurrency } from '@spinyard/domain';

/**
 * The card-payment port (ARCHITECTURE.md, "billing"). Three adapters implement it: the local gateway (the default:
 * no network, cards tokenised in the browser, a test card for each card error and a 3-D Secure 2 challenge),
 * Stripe and PAY.JP, each tested against a local fake server speaking that service's HTTP API. Card numbers never
 * reach our server: the browser turns them into a one-use token with the gateway's own script, and the server only
 * ever sees tokens and the gateway's references.
 *
 * Amounts are whole minor units of the currency (yen for jpy, cents for usd), as both services count them.
 */
export type GatewayName = 'local' | 'stripe' | 'payjp';

/**
 * The spec's card errors (second document, section 8), each an error code of the catalogue (domain errors.ts), and
 * the two every gateway also answers: a decline the issuer gives no reason for, and a 3-D Secure challenge asked
 * for a charge made while the payer is away (a renewal), which nobody can answer.
 */
export const CARD_ERROR_CODES = [
  'card_insufficient_balance',
  'card_limit_exceeded',
  'card_expired',
  'card_invalid_input',
  'card_already_paid',
  'card_registration_failed',
  'card_declined',
  'card_authentication_required',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export interface CardSummary {
  /** visa, mastercard, jcb, amex, diners, discover, unknown */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface SavedCard extends CardSummary {
  /** The gateway's id of the card (Stripe: a PaymentMethod id; PAY.JP: a card id). */
  ref: string;
}

export type AttachOutcome =
  | { ok: true; card: SavedCard }
  | { ok: false; error: CardErrorCode; gatewayMessage?: string };

export interface ChargeRequest {
  customerRef: string;
  cardRef: string;
  amount: number;
  currency: PlanFormCurrency;
  /**
   * Sent to the gateway as its idempotency key: the same key never charges twice there, whatever our side does (a
   * retried job, a double click, a replayed webhook). Derived from what is being paid (subscription, period, kind),
   * never random.
   */
  idempotencyKey: string;
  description: string;
  statementDescriptor?: string | undefined;
  metadata: Record<string, string>;
  /** Where the payer's browser comes back to after a 3-D Secure challenge. */
  returnUrl: string;
  /** True when the payer is not at the screen (a renewal): no challenge can be answered, so one fails the charge. */
  offSession: boolean;
}

export type ChargeOutcome =
  | { status: 'succeeded'; ref: string }
  /** 3-D Secure 2: the payer must answer the issuer's challenge at `challengeUrl`, then the charge is read again. */
  | { status: 'requires_action'; ref: string; challengeUrl: string }
  | { status: 'failed'; ref: string | null; error: CardErrorCode; gatewayMessage?: string };

/** What a charge taken back came to: no money is kept either way. */
export type CancelOutcome =
  /** Never paid: a challenge still waiting was cancelled (its page takes no answer after), or it had failed. */
  | { status: 'voided'; ref: string }
  /** It had been paid (the payer answered the challenge after all): the whole sum was refunded. */
  | { status: 'refunded'; ref: string };

/** A notice from the gateway, after its signature was checked. */
export interface GatewayEvent {
  /** The gateway's event id: a replayed notice has the same one (we record it and act once). */
  id: string;
  type: 'charge.succeeded' | 'charge.failed' | 'charge.refunded' | 'other';
  /** The gateway's own name of the event (for the record). */
  gatewayType: string;
  chargeRef?: string | undefined;
  customerRef?: string | undefined;
  error?: CardErrorCode | undefined;
}

/** What the browser needs to tokenise a card with this gateway's script (GET /v1/card-token). */
export interface BrowserGatewayConfig {
  gateway: GatewayName;
  /** The public key of Stripe or PAY.JP; null for the local gateway. */
  publishable_key: string | null;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  browserConfig(): BrowserGatewayConfig;
  createCustomer(input: {
    userId: string;
    email: string;
    name: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /** Saves the card of a browser-made token on the customer; a refused card answers its card error. */
  attachCard(customerRef: string, token: string): Promise<AttachOutcome>;
  detachCard(customerRef: string, cardRef: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The charge as the gateway has it now: after a 3-D Secure challenge, or when a job resumes after a crash. */
  retrieveCharge(ref: string): Promise<ChargeOutcome>;
  /**
   * Takes a charge back so that no money is kept for it: one still waiting on its 3-D Secure challenge is cancelled
   * at the gateway, a paid one refunded in full, a failed one left as it is. Used when nothing here will stand for
   * the charge (an abandoned or rolled-back sign-up, an answer that came after the charge was closed). Asking twice
   * takes nothing back twice (`idempotencyKey` goes to the gateway with the cancel or the refund).
   */
  cancelCharge(ref: string, idempotencyKey: string): Promise<CancelOutcome>;
  /**
   * Checks a webhook's signature over the raw body and reads it. Throws WebhookSignatureError when the signature
   * does not hold (the route answers 400 and changes nothing).
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;
}

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`webhook signature refused: ${reason}`);
    this.name = 'WebhookSignatureError';
  }
}
