import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cardExpired, type LocalCardBehaviour, readLocalCardToken } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { type Clock, systemClock } from '../clock/clock.ts';
import {
  type CardErrorCode,
  type ChargeOutcome,
  type ChargeRequest,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway.ts';
import { type LocalChargeRow, localGatewayRepo } from './local-repo.ts';

/**
 * The default card gateway: no network, no account, and yet the behaviour of a real one (issue 19, point 3). Cards
 * arrive as tokens the browser made (domain billing/local-card.ts), never as numbers; customers, cards and charges
 * live in its own tables (local-repo.ts), so a charge is read back after a restart and an idempotency key gives one
 * charge across nodes; a test card asks for a 3-D Secure 2 challenge, answered on the test issuer's page this
 * server serves (local-3ds-routes.ts); its notices are signed as Stripe signs its own.
 */

/** Where the test issuer's challenge page is served. */
export const LOCAL_CHALLENGE_PATH = '/local-gateway/3ds';
/** The header carrying a local notice's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const LOCAL_SIGNATURE_HEADER = 'spinyard-local-signature';
/** A notice older than this is refused: a captured one cannot be replayed days later. */
const SIGNATURE_TOLERANCE_S = 300;

/** How a saved card's behaviour answers a charge made on it. */
const CHARGE_DECLINES: Partial<Record<LocalCardBehaviour, CardErrorCode>> = {
  insufficient_balance: 'card_insufficient_balance',
  limit_exceeded: 'card_limit_exceeded',
  charge_fails: 'card_declined',
};
/** Declines the card check finds when the card is saved. */
const SAVE_DECLINES: Partial<Record<LocalCardBehaviour, CardErrorCode>> = {
  expired: 'card_expired',
  invalid_input: 'card_invalid_input',
};

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** What a charge's key stands for: the same key with another payer, card or sum is another request. */
function requestHash(r: ChargeRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([r.customerRef, r.cardRef, r.amount, r.currency, r.offSession]))
    .digest('hex');
}

export interface LocalGatewayOptions {
  db: Db;
  /** The card's expiry is read against the billing calendar, so a test's year ages cards as it ages contracts. */
  clock?: Clock;
  /** The server's public base URL for the challenge page; absent, the page's path (the console's own origin). */
  publicUrl?: string | undefined;
}

export interface LocalGateway extends PaymentGateway {
  readonly name: 'local';
  /** The notice the gateway sends about a charge as it stands now, signed: what `parseWebhook` accepts. */
  signedNotice(chargeRef: string): Promise<{ rawBody: Buffer; headers: Record<string, string> }>;
}

function outcomeOf(row: LocalChargeRow, challengeBase: string): ChargeOutcome {
  if (row.status === 'succeeded') return { status: 'succeeded', ref: row.ref };
  if (row.status === 'requires_action') {
    return { status: 'requires_action', ref: row.ref, challengeUrl: `${challengeBase}/${row.ref}` };
  }
  // Cancelled before an answer, or refunded: no money is held, so it reads as a charge that did not go through.
  if (row.status === 'cancelled') return { status: 'failed', ref: row.ref, error: 'card_authentication_required' };
  return { status: 'failed', ref: row.ref, error: (row.error_code ?? 'card_declined') as CardErrorCode };
}

function sign(secret: Buffer, timestamp: number, body: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads and checks a signature header of the form `t=...,v1=...` (Stripe's form, which the local gateway shares). */
export function checkTimedSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: Buffer,
  nowSeconds: number,
): void {
  if (!header) throw new WebhookSignatureError('no signature header');
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
    throw new WebhookSignatureError('malformed signature header');
  }
  const expected = Buffer.from(sign(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookSignatureError('signature mismatch');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_S) {
    throw new WebhookSignatureError('signature too old');
  }
}

function readNotice(rawBody: Buffer): GatewayEvent {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('body is not JSON');
  }
  const n = value as { id?: unknown; type?: unknown; data?: { charge?: unknown; customer?: unknown; error?: unknown } };
  if (typeof n.id !== 'string' || typeof n.type !== 'string') throw new WebhookSignatureError('not a notice');
  const known = ['charge.succeeded', 'charge.failed', 'charge.refunded'] as const;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    id: n.id,
    type: (known as readonly string[]).includes(n.type) ? (n.type as GatewayEvent['type']) : 'other',
    gatewayType: n.type,
    chargeRef: str(n.data?.charge),
    customerRef: str(n.data?.customer),
    error: str(n.data?.error) as CardErrorCode | undefined,
  };
}

/** The local gateway over the database; its notice secret is made (or read) once, here. */
export async function createLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  const repo = localGatewayRepo(options.db);
  const clock = options.clock ?? systemClock;
  const secret = await repo.secret('webhook', randomBytes(32));
  const challengeBase = `${(options.publicUrl ?? '').replace(/\/+$/, '')}${LOCAL_CHALLENGE_PATH}`;

  const newCharge = async (request: ChargeRequest): Promise<Omit<LocalChargeRow, 'ref' | 'request_hash'>> => {
    const base = {
      idempotency_key: request.idempotencyKey,
      customer_ref: request.customerRef,
      card_ref: request.cardRef,
      amount: request.amount,
      currency: request.currency,
      off_session: request.offSession,
      return_url: request.returnUrl,
    };
    const card = await repo.card(request.cardRef);
    const fail = (error: CardErrorCode) => ({ ...base, status: 'failed' as const, error_code: error });
    if (!card || card.detached_at || card.customer_ref !== request.customerRef) return fail('card_invalid_input');
    if (cardExpired(card.exp_month, card.exp_year, clock.now())) return fail('card_expired');
    const decline = CHARGE_DECLINES[card.behaviour as LocalCardBehaviour];
    if (decline) return fail(decline);
    if (card.behaviour === 'challenge') {
      // Nobody is at the screen to answer the issuer: the charge fails, and the payer pays from the console.
      if (request.offSession) return fail('card_authentication_required');
      return { ...base, status: 'requires_action', error_code: null };
    }
    return { ...base, status: 'succeeded', error_code: null };
  };

  return {
    name: 'local',
    browserConfig: () => ({ gateway: 'local', publishable_key: null }),

    async createCustomer(input) {
      const ref = await repo.customer({ ref: newRef('lcus'), ...input });
      return { ref };
    },

    async attachCard(customerRef, token) {
      const card = readLocalCardToken(token);
      if (!card) return { ok: false, error: 'card_invalid_input', gatewayMessage: 'not a local card token' };
      if (!(await repo.customerExists(customerRef))) {
        return { ok: false, error: 'card_registration_failed', gatewayMessage: 'no such customer' };
      }
      if (cardExpired(card.exp_month, card.exp_year, clock.now())) return { ok: false, error: 'card_expired' };
      const decline = SAVE_DECLINES[card.behaviour];
      if (decline) return { ok: false, error: decline };
      const ref = newRef('lcard');
      const { nonce, ...shown } = card;
      if (!(await repo.insertCard({ ref, customer_ref: customerRef, token_nonce: nonce, ...shown }))) {
        return { ok: false, error: 'card_invalid_input', gatewayMessage: 'token already used' };
      }
      return {
        ok: true,
        card: { ref, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      };
    },

    async detachCard(customerRef, cardRef) {
      await repo.detachCard(customerRef, cardRef);
    },

    async charge(request) {
      const hash = requestHash(request);
      // A key seen before answers its charge without asking the card again; a race of two inserts ends the same way.
      const charge =
        (await repo.chargeByKey(request.idempotencyKey)) ??
        (
          await repo.insertCharge({
            ref: newRef('lch'),
            request_hash: hash,
            description: request.description,
            ...(await newCharge(request)),
          })
        ).charge;
      if (charge.request_hash !== hash) {
        // The key names what is paid; another request under it means that thing was paid (or tried) already.
        return {
          status: 'failed',
          ref: charge.ref,
          error: 'card_already_paid',
          gatewayMessage: 'idempotency key reused',
        };
      }
      return outcomeOf(charge, challengeBase);
    },

    async retrieveCharge(ref) {
      const charge = await repo.charge(ref);
      if (!charge) throw new Error(`local gateway: no charge ${ref}`);
      return outcomeOf(charge, challengeBase);
    },

    async cancelCharge(ref) {
      // One statement moves the charge: cancelling twice, or racing the payer's answer, takes nothing back twice.
      const status = await repo.cancelCharge(ref);
      if (!status) throw new Error(`local gateway: no charge ${ref}`);
      return { status: status === 'refunded' ? 'refunded' : 'voided', ref };
    },

    parseWebhook(rawBody, headers) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      checkTimedSignature(headerOf(headers, LOCAL_SIGNATURE_HEADER), rawBody, secret, nowSeconds);
      return readNotice(rawBody);
    },

    async signedNotice(chargeRef) {
      const charge = await repo.charge(chargeRef);
      if (!charge) throw new Error(`local gateway: no charge ${chargeRef}`);
      const types: Record<LocalChargeRow['status'], string> = {
        succeeded: 'charge.succeeded',
        failed: 'charge.failed',
        cancelled: 'charge.failed',
        refunded: 'charge.refunded',
        requires_action: 'charge.pending',
      };
      const type = types[charge.status];
      const body = {
        // One id per charge and state: a notice sent twice is recognisably the same notice.
        id: `evt_${charge.ref}_${charge.status}`,
        type,
        created: Math.floor(Date.now() / 1000),
        data: { charge: charge.ref, customer: charge.customer_ref, error: charge.error_code },
      };
      const rawBody = Buffer.from(JSON.stringify(body));
      const t = Math.floor(Date.now() / 1000);
      return { rawBody, headers: { [LOCAL_SIGNATURE_HEADER]: `t=${t},v1=${sign(secret, t, rawBody)}` } };
    },
  };
}
