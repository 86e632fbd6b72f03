/**
 * The local card gateway's browser half (issue 19, point 3): the card form turns a card into a token here, in the
 * browser, so no card number ever reaches the server, as with Stripe's and PAY.JP's own scripts. The server's local
 * gateway (apps/server/src/platform/payments/local-gateway.ts) reads the token back with `readLocalCardToken`.
 *
 * The token carries what a real gateway keeps of a card (brand, last four digits, expiry) and, for the test cards
 * below, how the test issuer answers. It is not signed: the local gateway moves no money, and a token made by hand
 * can only ask for an outcome a test card gives anyway (docs/decisions.md, "Billing: card gateways").
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'jcb', 'amex', 'diners', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * How the test issuer answers a card. Declines a card check finds (expired, wrong CVC) refuse the card when it is
 * saved; balance and limit are only known when money is asked for, so those cards save and their charges fail.
 */
export const LOCAL_CARD_BEHAVIOURS = [
  'succeeds',
  'insufficient_balance',
  'limit_exceeded',
  'expired',
  'invalid_input',
  'charge_fails',
  'challenge',
] as const;
export type LocalCardBehaviour = (typeof LOCAL_CARD_BEHAVIOURS)[number];

export interface LocalTestCard {
  number: string;
  brand: CardBrand;
  behaviour: LocalCardBehaviour;
}

/**
 * The test cards, numbered as Stripe's are for the same outcomes so a tester who knows one knows the other. Any
 * other number that passes the checks behaves as `succeeds`.
 */
export const LOCAL_TEST_CARDS: readonly LocalTestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds' },
  { number: '3566002020360505', brand: 'jcb', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', behaviour: 'succeeds' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_balance' },
  { number: '4000000000006975', brand: 'visa', behaviour: 'limit_exceeded' },
  { number: '4000000000000069', brand: 'visa', behaviour: 'expired' },
  { number: '4000000000000127', brand: 'visa', behaviour: 'invalid_input' },
  { number: '4000000000000341', brand: 'visa', behaviour: 'charge_fails' },
  { number: '4000002760003184', brand: 'visa', behaviour: 'challenge' },
];

/** Digits only: spaces and dashes typed between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn check digit test every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's leading digits (IIN ranges as the networks publish them). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

const NUMBER_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  visa: [13, 16, 19],
  mastercard: [16],
  jcb: [16, 17, 18, 19],
  amex: [15],
  diners: [14, 16, 19],
  discover: [16, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** A field of the card form and the rule it broke (the form shows each under its field, in the user's language). */
export interface CardFieldError {
  field: 'number' | 'exp_month' | 'exp_year' | 'cvc';
  rule: 'required' | 'format' | 'luhn' | 'expired';
}

export interface CardFormInput {
  number: string;
  exp_month: string | number;
  /** Two digits (28) or four (2028). */
  exp_year: string | number;
  cvc: string;
}

/** What the browser sends for a card: everything a statement shows, never the number or the CVC. */
export interface LocalCardToken {
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: LocalCardBehaviour;
  /** Makes each token one of a kind, as a real gateway's one-use token is. */
  nonce: string;
}

export const LOCAL_TOKEN_PREFIX = 'tok_local_';

function wholeNumber(value: string | number): number | null {
  const text = String(value).trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

function checkNumber(digits: string): CardFieldError | null {
  if (digits === '') return { field: 'number', rule: 'required' };
  if (!/^\d+$/.test(digits) || !NUMBER_LENGTHS[cardBrand(digits)].includes(digits.length)) {
    return { field: 'number', rule: 'format' };
  }
  return luhnValid(digits) ? null : { field: 'number', rule: 'luhn' };
}

function checkExpiry(input: CardFormInput, now: Date): { errors: CardFieldError[]; month: number; year: number } {
  const errors: CardFieldError[] = [];
  const month = wholeNumber(input.exp_month);
  const rawYear = wholeNumber(input.exp_year);
  const yearText = String(input.exp_year).trim();
  if (String(input.exp_month).trim() === '') errors.push({ field: 'exp_month', rule: 'required' });
  else if (month === null || month < 1 || month > 12) errors.push({ field: 'exp_month', rule: 'format' });
  if (yearText === '') errors.push({ field: 'exp_year', rule: 'required' });
  else if (rawYear === null || (yearText.length !== 2 && yearText.length !== 4)) {
    errors.push({ field: 'exp_year', rule: 'format' });
  }
  const year = rawYear !== null && yearText.length === 2 ? 2000 + rawYear : (rawYear ?? 0);
  if (errors.length === 0 && month !== null) {
    // Further than 20 years ahead is a typo: no issuer prints such a card.
    if (year > now.getUTCFullYear() + 20) errors.push({ field: 'exp_year', rule: 'format' });
    else if (cardExpired(month, year, now)) errors.push({ field: 'exp_year', rule: 'expired' });
  }
  return { errors, month: month ?? 0, year };
}

function checkCvc(cvc: string, brand: CardBrand): CardFieldError | null {
  const text = cvc.trim();
  if (text === '') return { field: 'cvc', rule: 'required' };
  return new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(text) ? null : { field: 'cvc', rule: 'format' };
}

function encode(token: LocalCardToken): string {
  const base64 = btoa(JSON.stringify(token));
  return LOCAL_TOKEN_PREFIX + base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type TokeniseResult =
  | { ok: true; token: string; card: LocalCardToken }
  | { ok: false; errors: CardFieldError[] };

/**
 * The card form's one call: checks the fields as a gateway's script does (number, Luhn, expiry, CVC length for the
 * brand) and answers the token to send to POST /credit-cards, or every field's error at once.
 */
export function tokeniseLocalCard(input: CardFormInput, now: Date = new Date()): TokeniseResult {
  const digits = cardDigits(input.number);
  const brand = cardBrand(digits);
  const expiry = checkExpiry(input, now);
  const errors = [checkNumber(digits), ...expiry.errors, checkCvc(input.cvc, brand)].filter(
    (e): e is CardFieldError => e !== null,
  );
  if (errors.length > 0) return { ok: false, errors };
  const test = LOCAL_TEST_CARDS.find((c) => c.number === digits);
  const card: LocalCardToken = {
    brand,
    last4: digits.slice(-4),
    exp_month: expiry.month,
    exp_year: expiry.year,
    behaviour: test?.behaviour ?? 'succeeds',
    nonce: randomNonce(),
  };
  return { ok: true, token: encode(card), card };
}

/** The card a token stands for, or null for anything that is not a well-formed local token (never throws). */
export function readLocalCardToken(token: string): LocalCardToken | null {
  if (!token.startsWith(LOCAL_TOKEN_PREFIX) || token.length > 1024) return null;
  let value: unknown;
  try {
    const body = token.slice(LOCAL_TOKEN_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
    value = JSON.parse(atob(body));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Record<string, unknown>;
  const ok =
    (CARD_BRANDS as readonly unknown[]).includes(t.brand) &&
    typeof t.last4 === 'string' &&
    /^\d{4}$/.test(t.last4) &&
    Number.isInteger(t.exp_month) &&
    (t.exp_month as number) >= 1 &&
    (t.exp_month as number) <= 12 &&
    Number.isInteger(t.exp_year) &&
    (t.exp_year as number) >= 2000 &&
    (t.exp_year as number) <= 2200 &&
    (LOCAL_CARD_BEHAVIOURS as readonly unknown[]).includes(t.behaviour) &&
    typeof t.nonce === 'string' &&
    /^[0-9a-f]{8,64}$/.test(t.nonce);
  if (!ok) return null;
  return {
    brand: t.brand as CardBrand,
    last4: t.last4 as string,
    exp_month: t.exp_month as number,
    exp_year: t.exp_year as number,
    behaviour: t.behaviour as LocalCardBehaviour,
    nonce: t.nonce as string,
  };
}
