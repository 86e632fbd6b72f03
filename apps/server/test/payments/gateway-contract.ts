import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CardErrorCode,
  type ChargeRequest,
  type PaymentGateway,
  WebhookSignatureError,
} from '../../src/platform/payments/gateway.ts';

/**
 * What every card gateway promises the billing module (platform/payments/gateway.ts), run over each adapter with
 * the same expectations: the local gateway, Stripe against its fake, PAY.JP against its fake. Each adapter's file
 * gives a harness: how its browser would make a token for a test card, how a payer answers its 3-D Secure
 * challenge, how many charges its service holds under a key, and a notice signed as that service signs.
 */

/** The test cards every gateway has, by what the issuer does with them. */
export type TestCard =
  | 'succeeds'
  | 'insufficient_balance'
  | 'limit_exceeded'
  | 'expired'
  | 'invalid_input'
  | 'charge_fails'
  | 'challenge';

export interface GatewayHarness {
  gateway: PaymentGateway;
  /** A one-use token for a test card, as the gateway's browser script would make it. */
  token(card: TestCard): Promise<string> | string;
  /** Answers the challenge at `challengeUrl` as the payer would in the issuer's page. */
  answerChallenge(challengeUrl: string, authenticate: boolean): Promise<void>;
  /** How many charges the service itself holds that were made under `idempotencyKey`. */
  chargesUnderKey(idempotencyKey: string): Promise<number>;
  /** Whether the service holds the payer's money for a charge (paid and not refunded). */
  moneyKept(chargeRef: string): Promise<boolean>;
  /** A notice about a charge, signed as the service signs it; `signatureHeader` names the header to tamper with. */
  signedNotice(chargeRef: string): Promise<{ rawBody: Buffer; headers: Record<string, string> }>;
  signatureHeader: string;
  /**
   * The declines this service names differently: PAY.JP answers every decline `card_declined` and never says why
   * (no balance or limit reason), so its balance and limit cards give the generic error.
   */
  declines?: Partial<Record<TestCard, CardErrorCode>>;
  /**
   * What a charge of the challenge card made off-session ends as, where the service differs: PAY.JP runs 3-D Secure
   * only when a charge asks for it, so an off-session charge is not challenged there and succeeds.
   */
  offSessionChallenge?: 'succeeded';
  /** False where the notice carries a shared token rather than a signature over its body (PAY.JP). */
  signsBody?: false;
}

const DECLINES: readonly [TestCard, CardErrorCode][] = [
  ['insufficient_balance', 'card_insufficient_balance'],
  ['limit_exceeded', 'card_limit_exceeded'],
  ['expired', 'card_expired'],
  ['invalid_input', 'card_invalid_input'],
  ['charge_fails', 'card_declined'],
];

export function describeGatewayContract(name: string, harness: () => GatewayHarness): void {
  const customer = async () => {
    const id = randomUUID();
    return (
      await harness().gateway.createCustomer({
        userId: id,
        email: `${id}@dealer.test`,
        name: 'Dealer',
        idempotencyKey: `customer-${id}`,
      })
    ).ref;
  };
  const request = (customerRef: string, cardRef: string, extra: Partial<ChargeRequest> = {}): ChargeRequest => ({
    customerRef,
    cardRef,
    amount: 1100,
    currency: 'jpy',
    idempotencyKey: `charge-${randomUUID()}`,
    description: 'Standard plan',
    metadata: { subscription: '1' },
    returnUrl: 'http://console.test/settlements/subscription',
    // A renewal, as most charges are: no payer at the screen (on-session charges are the challenge tests').
    offSession: true,
    ...extra,
  });
  /** Saves the card and charges it; the card error of whichever step refused it, or the charge. */
  const saveAndCharge = async (card: TestCard, extra: Partial<ChargeRequest> = {}) => {
    const { gateway } = harness();
    const customerRef = await customer();
    const saved = await gateway.attachCard(customerRef, await harness().token(card));
    if (!saved.ok) return { error: saved.error, step: 'attach' as const };
    const outcome = await gateway.charge(request(customerRef, saved.card.ref, extra));
    return outcome.status === 'failed'
      ? { error: outcome.error, step: 'charge' as const, outcome }
      : { error: null, step: 'charge' as const, outcome };
  };

  describe(`${name}: the PaymentGateway contract`, () => {
    it('saves a card from a token, charges it once and reads the charge back', async () => {
      const { gateway } = harness();
      expect(gateway.browserConfig().gateway).toBe(gateway.name);
      const customerRef = await customer();
      const saved = await gateway.attachCard(customerRef, await harness().token('succeeds'));
      if (!saved.ok) throw new Error(`refused: ${saved.error}`);
      expect(saved.card).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(saved.card.exp_year).toBeGreaterThan(2026);
      const outcome = await gateway.charge(request(customerRef, saved.card.ref));
      expect(outcome.status).toBe('succeeded');
      expect(await gateway.retrieveCharge(outcome.ref ?? '')).toEqual({ status: 'succeeded', ref: outcome.ref });
    });

    it.each(DECLINES)('answers the %s card with its card error', async (card, code) => {
      expect((await saveAndCharge(card)).error).toBe(harness().declines?.[card] ?? code);
    });

    it('refuses a token that is not one', async () => {
      const saved = await harness().gateway.attachCard(await customer(), 'tok_not_a_real_token');
      expect(saved).toMatchObject({ ok: false, error: 'card_invalid_input' });
    });

    it('asks for a 3-D Secure challenge, and the charge follows its answer', async () => {
      const passed = await saveAndCharge('challenge', { offSession: false });
      const failed = await saveAndCharge('challenge', { offSession: false });
      for (const [result, authenticate] of [
        [passed, true],
        [failed, false],
      ] as const) {
        const outcome = result.outcome;
        if (outcome?.status !== 'requires_action') throw new Error(`no challenge: ${JSON.stringify(result)}`);
        expect(outcome.challengeUrl).toMatch(/^https?:\/\//);
        await harness().answerChallenge(outcome.challengeUrl, authenticate);
        const after = await harness().gateway.retrieveCharge(outcome.ref);
        expect(after.status).toBe(authenticate ? 'succeeded' : 'failed');
      }
    });

    it('takes a charge back: a waiting challenge is voided for good, a paid charge refunded once', async () => {
      const { gateway } = harness();
      const waiting = (await saveAndCharge('challenge', { offSession: false })).outcome;
      if (waiting?.status !== 'requires_action') throw new Error(`no challenge: ${JSON.stringify(waiting)}`);
      const key = `cancel:${waiting.ref}`;
      expect(await gateway.cancelCharge(waiting.ref, key)).toEqual({ status: 'voided', ref: waiting.ref });
      // The payer answers the old challenge afterwards, where the issuer's page still takes an answer: no money.
      await harness()
        .answerChallenge(waiting.challengeUrl, true)
        .catch(() => undefined);
      expect((await gateway.retrieveCharge(waiting.ref)).status).toBe('failed');
      expect(await harness().moneyKept(waiting.ref)).toBe(false);
      expect(await gateway.cancelCharge(waiting.ref, key)).toEqual({ status: 'voided', ref: waiting.ref });

      const paid = (await saveAndCharge('succeeds')).outcome;
      if (paid?.status !== 'succeeded') throw new Error(`not paid: ${JSON.stringify(paid)}`);
      expect(await harness().moneyKept(paid.ref)).toBe(true);
      const [a, b] = await Promise.all([
        gateway.cancelCharge(paid.ref, `cancel:${paid.ref}`),
        gateway.cancelCharge(paid.ref, `cancel:${paid.ref}`),
      ]);
      expect([a, b]).toEqual([
        { status: 'refunded', ref: paid.ref },
        { status: 'refunded', ref: paid.ref },
      ]);
      expect(await harness().moneyKept(paid.ref)).toBe(false);
    });

    it('fails a charge needing a challenge while the payer is away (a renewal)', async () => {
      const result = await saveAndCharge('challenge', { offSession: true });
      expect(result.error ?? result.outcome?.status).toBe(
        harness().offSessionChallenge ?? 'card_authentication_required',
      );
    });

    it('makes one charge for one idempotency key, and refuses the key for another sum', async () => {
      const { gateway } = harness();
      const customerRef = await customer();
      const saved = await gateway.attachCard(customerRef, await harness().token('succeeds'));
      if (!saved.ok) throw new Error(`refused: ${saved.error}`);
      const first = request(customerRef, saved.card.ref);
      const [a, b] = await Promise.all([gateway.charge(first), gateway.charge(first)]);
      const c = await gateway.charge(first);
      expect(a.status).toBe('succeeded');
      expect(new Set([a.ref, b.ref, c.ref]).size).toBe(1);
      expect(await harness().chargesUnderKey(first.idempotencyKey)).toBe(1);
      const other = await gateway.charge({ ...first, amount: 2200 });
      expect(other).toMatchObject({ status: 'failed', error: 'card_already_paid' });
      expect(await harness().chargesUnderKey(first.idempotencyKey)).toBe(1);
    });

    it('reads a signed notice and refuses a missing or wrong signature', async () => {
      const result = await saveAndCharge('succeeds');
      const ref = result.outcome?.ref ?? '';
      const notice = await harness().signedNotice(ref);
      const event = harness().gateway.parseWebhook(notice.rawBody, notice.headers);
      expect(event).toMatchObject({ type: 'charge.succeeded', chargeRef: ref });
      expect(event.id).not.toBe('');
      const { [harness().signatureHeader]: _, ...unsigned } = notice.headers;
      expect(() => harness().gateway.parseWebhook(notice.rawBody, unsigned)).toThrow(WebhookSignatureError);
      if (harness().signsBody !== false) {
        const tampered = Buffer.from(notice.rawBody.toString('utf8').replace(ref, `${ref}x`));
        expect(() => harness().gateway.parseWebhook(tampered, notice.headers)).toThrow(WebhookSignatureError);
      }
      const forged = { ...notice.headers, [harness().signatureHeader]: 'forged' };
      expect(() => harness().gateway.parseWebhook(notice.rawBody, forged)).toThrow(WebhookSignatureError);
    });
  });
}

/** Saves a card for a customer and charges it once (a plan's off-session charge unless `charge` says otherwise). */
export async function chargeSavedCard(
  gateway: PaymentGateway,
  customerRef: string,
  cardToken: string,
  charge: Pick<ChargeRequest, 'amount' | 'currency' | 'idempotencyKey'> & Partial<ChargeRequest>,
) {
  const saved = await gateway.attachCard(customerRef, cardToken);
  if (!saved.ok) throw new Error(saved.error);
  return gateway.charge({
    customerRef,
    cardRef: saved.card.ref,
    description: 'Plan',
    metadata: {},
    returnUrl: 'http://console.test/',
    offSession: true,
    ...charge,
  });
}
