import { timingSafeEqual } from 'node:crypto';
import Payjp from 'payjp';
import {
  type AttachOutcome,
  type CancelOutcome,
  type CardErrorCode,
  type ChargeOutcome,
  type ChargeRequest,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway.ts';

/**
 * PAY.JP (issue 19, point 3): customers, cards saved from payjp.js tokens, charges, 3-D Secure on charges made
 * while the payer is at the screen (`three_d_secure=true`, the payer sent to PAY.JP's /tds/{id}/start, then
 * `tds_finish`), our idempotency key as PAY.JP's Idempotency-Key header, its error codes as the catalogue's card
 * errors, and notices checked by their X-Payjp-Webhook-Token (compared in constant time). The package retries
 * nothing (maxRetry 0, house rule).
 *
 * PAY.JP charges yen only, and never says why a card was declined (no balance or limit reason): every decline is
 * `card_declined`. Its 3-D Secure return address is one registered in PAY.JP's dashboard under a name (`back`),
 * not a URL per charge (docs/decisions.md, "Billing: card gateways").
 */

export interface PayjpSettings {
  secretKey: string;
  publicKey: string;
  webhookToken: string;
  /** Another API base (a test's fake server); https://api.pay.jp/v1 when absent. */
  apiUrl?: string | undefined;
  /** The name of the 3-D Secure return URL registered in PAY.JP's dashboard. */
  tdsBackName?: string | undefined;
}

export const PAYJP_DEFAULT_API = 'https://api.pay.jp/v1';
export const PAYJP_TDS_BACK_NAME = 'spinyard';

/** PAY.JP's error codes (pay.jp/docs/api/#error), as the catalogue's card errors. */
const CODES: Readonly<Record<string, CardErrorCode>> = {
  expired_card: 'card_expired',
  invalid_number: 'card_invalid_input',
  invalid_cvc: 'card_invalid_input',
  invalid_expiration_date: 'card_invalid_input',
  invalid_expiry_month: 'card_invalid_input',
  invalid_expiry_year: 'card_invalid_input',
  incorrect_card_data: 'card_invalid_input',
  invalid_card: 'card_invalid_input',
  unacceptable_brand: 'card_invalid_input',
  token_already_used: 'card_invalid_input',
  unverified_token: 'card_invalid_input',
  card_declined: 'card_declined',
  three_d_secure_failed: 'card_declined',
  three_d_secure_incompleted: 'card_declined',
};

interface PayjpErrorBody {
  code?: string;
  message?: string;
  status?: number;
  type?: string;
  charge?: string;
}

/** The error body of a refused call, or null for anything else (a network failure, a bug). */
function payjpError(error: unknown): PayjpErrorBody | null {
  const body = (error as { response?: { body?: { error?: PayjpErrorBody } } } | null)?.response?.body?.error;
  return body && typeof body === 'object' ? body : null;
}

const BRANDS: Readonly<Record<string, string>> = {
  Visa: 'visa',
  MasterCard: 'mastercard',
  JCB: 'jcb',
  'American Express': 'amex',
  'Diners Club': 'diners',
  Discover: 'discover',
};

type Charge = Payjp.Charge;
type PayjpClient = ReturnType<typeof Payjp>;

/** The metadata key marking a charge this server took back before it was finished (never finished after). */
const CANCELLED_MARK = 'spinyard_cancelled';
const cancelled = (charge: Charge) => !charge.captured && charge.metadata?.[CANCELLED_MARK] === 'true';

/** Why PAY.JP refused to save a card, as the port answers it; null when it was no refusal of the card. */
function attachRefusal(body: PayjpErrorBody | null): AttachOutcome | null {
  if (!body) return null;
  if (body.type === 'card_error') {
    const code = CODES[body.code ?? ''];
    return {
      ok: false,
      error: code === 'card_declined' || !code ? 'card_registration_failed' : code,
      gatewayMessage: body.message,
    };
  }
  // A token that is not one, or used before: the browser's input was wrong.
  if (body.code === 'invalid_id' || body.code === 'token_already_used') {
    return { ok: false, error: 'card_invalid_input', gatewayMessage: body.message };
  }
  return null;
}

/** A PAY.JP notice after its token was checked: PAY.JP sends a shared token, not a signature over the body. */
export function readPayjpNotice(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  webhookToken: Buffer,
): GatewayEvent {
  const given = headers['x-payjp-webhook-token'];
  if (typeof given !== 'string' || given === '') throw new WebhookSignatureError('no X-Payjp-Webhook-Token');
  const candidate = Buffer.from(given);
  if (candidate.length !== webhookToken.length || !timingSafeEqual(candidate, webhookToken)) {
    throw new WebhookSignatureError('X-Payjp-Webhook-Token mismatch');
  }
  let event: { id?: unknown; type?: unknown; data?: { id?: unknown; customer?: unknown; failure_code?: unknown } };
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('body is not JSON');
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new WebhookSignatureError('not an event');
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const known: Readonly<Record<string, GatewayEvent['type']>> = {
    'charge.succeeded': 'charge.succeeded',
    'charge.failed': 'charge.failed',
    'charge.refunded': 'charge.refunded',
  };
  const type = known[event.type] ?? 'other';
  return {
    id: event.id,
    type,
    gatewayType: event.type,
    chargeRef: event.type.startsWith('charge.') ? str(event.data?.id) : undefined,
    customerRef: str(event.data?.customer),
    error: type === 'charge.failed' ? (CODES[str(event.data?.failure_code) ?? ''] ?? 'card_declined') : undefined,
  };
}

/**
 * A POST under an Idempotency-Key. The package's create() takes no headers, but its resources' own request()
 * (protected in its types, public in its code) does: the one place the package is reached past its types.
 */
function post<T>(resource: object, endpoint: string, query: object, key: string): Promise<T> {
  return (resource as { request: (m: string, e: string, q: object, h: object) => Promise<T> }).request(
    'POST',
    endpoint,
    query,
    {
      'Idempotency-Key': key,
    },
  );
}

/**
 * Refunds a paid charge in full (`POST /charges/{id}/refund`), or marks an unfinished 3-D Secure one cancelled in
 * its metadata (`POST /charges/{id}`): PAY.JP moves no money on such a charge until `tds_finish`, which only
 * retrieveCharge sends, and it refuses to finish a charge so marked, on any node. Read again after the mark, so a
 * finish that slipped in between is refunded.
 */
async function takeBack(payjp: PayjpClient, ref: string, key: string): Promise<CancelOutcome> {
  for (let read = 0; read < 2; read += 1) {
    const charge = await payjp.charges.retrieve(ref);
    if (charge.refunded) return { status: 'refunded', ref };
    if (charge.paid && charge.captured) {
      await post(payjp.charges, `charges/${ref}/refund`, { refund_reason: 'cancelled' }, `${key}:refund`);
      return { status: 'refunded', ref };
    }
    if (read > 0 || cancelled(charge)) return { status: 'voided', ref };
    await post(payjp.charges, `charges/${ref}`, { metadata: { [CANCELLED_MARK]: 'true' } }, key);
  }
  return { status: 'voided', ref };
}

export function createPayjpGateway(settings: PayjpSettings): PaymentGateway {
  const apibase = (settings.apiUrl ?? PAYJP_DEFAULT_API).replace(/\/+$/, '');
  const payjp = Payjp(settings.secretKey, { apibase, maxRetry: 0, timeout: 30_000 });
  const webhookToken = Buffer.from(settings.webhookToken);
  const challengeUrl = (chargeId: string) =>
    `${apibase}/tds/${encodeURIComponent(chargeId)}/start?${new URLSearchParams({
      publickey: settings.publicKey,
      back: settings.tdsBackName ?? PAYJP_TDS_BACK_NAME,
    })}`;

  const outcomeOf = (charge: Charge): ChargeOutcome => {
    if (charge.paid && charge.captured) return { status: 'succeeded', ref: charge.id };
    if (cancelled(charge)) return { status: 'failed', ref: charge.id, error: 'card_authentication_required' };
    if (charge.three_d_secure_status === 'unverified') {
      return { status: 'requires_action', ref: charge.id, challengeUrl: challengeUrl(charge.id) };
    }
    return {
      status: 'failed',
      ref: charge.id,
      error: CODES[charge.failure_code ?? ''] ?? 'card_declined',
      gatewayMessage: charge.failure_message ?? undefined,
    };
  };

  /** What the key was first used for must be this request: PAY.JP replays the first answer whatever is sent. */
  const sameRequest = (charge: Charge, request: ChargeRequest) =>
    charge.amount === request.amount && charge.customer === request.customerRef && charge.card?.id === request.cardRef;

  return {
    name: 'payjp',
    browserConfig: () => ({ gateway: 'payjp', publishable_key: settings.publicKey }),

    async createCustomer(input) {
      const customer = await post<Payjp.Customer>(
        payjp.customers,
        'customers',
        { email: input.email, description: input.name, metadata: { user_id: input.userId } },
        input.idempotencyKey,
      );
      return { ref: customer.id };
    },

    async attachCard(customerRef, token) {
      try {
        const card = await payjp.customers.cards.create(customerRef, { card: token });
        return {
          ok: true,
          card: {
            ref: card.id,
            brand: BRANDS[card.brand] ?? 'unknown',
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
          },
        };
      } catch (error) {
        const refusal = attachRefusal(payjpError(error));
        if (!refusal) throw error;
        return refusal;
      }
    },

    async detachCard(customerRef, cardRef) {
      await payjp.customers.cards.delete(customerRef, cardRef);
    },

    async charge(request) {
      if (request.currency !== 'jpy') throw new Error(`PAY.JP charges yen only, not ${request.currency}`);
      try {
        const charge = await post<Charge>(
          payjp.charges,
          'charges',
          {
            amount: request.amount,
            currency: 'jpy',
            customer: request.customerRef,
            card: request.cardRef,
            description: request.description,
            metadata: request.metadata,
            // A payer at the screen authenticates (EMV 3-D Secure, required in Japan); a renewal cannot.
            ...(request.offSession ? {} : { three_d_secure: true }),
          },
          request.idempotencyKey,
        );
        if (!sameRequest(charge, request)) {
          return {
            status: 'failed',
            ref: charge.id,
            error: 'card_already_paid',
            gatewayMessage: 'idempotency key reused',
          };
        }
        return outcomeOf(charge);
      } catch (error) {
        const body = payjpError(error);
        if (body?.type !== 'card_error') throw error;
        return {
          status: 'failed',
          ref: body.charge ?? null,
          error: CODES[body.code ?? ''] ?? 'card_declined',
          gatewayMessage: body.message,
        };
      }
    },

    cancelCharge: (ref, key) => takeBack(payjp, ref, key),

    async retrieveCharge(ref) {
      const charge = await payjp.charges.retrieve(ref);
      if (cancelled(charge)) return outcomeOf(charge);
      const authenticated = charge.three_d_secure_status === 'verified' || charge.three_d_secure_status === 'attempted';
      if (!authenticated || charge.captured) return outcomeOf(charge);
      // The payer came back authenticated: the charge is completed once (a second finish is refused by PAY.JP).
      try {
        return outcomeOf(await payjp.charges.tds_finish(ref));
      } catch (error) {
        const body = payjpError(error);
        if (body?.type !== 'card_error') throw error;
        return {
          status: 'failed',
          ref,
          error: CODES[body.code ?? ''] ?? 'card_declined',
          gatewayMessage: body.message,
        };
      }
    },

    parseWebhook: (rawBody, headers) => readPayjpNotice(rawBody, headers, webhookToken),
  };
}
