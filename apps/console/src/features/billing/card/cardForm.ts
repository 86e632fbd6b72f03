import { type CardFormInput, tokeniseLocalCard } from '@spinyard/domain';
import { z } from 'zod';

/**
 * The card form's own checks, the gateway script's (number, Luhn, expiry, CVC for the brand) run on submit so each
 * field gets its message before a token is asked for. The rule words are the card's own (cardRuleKey).
 */
export const cardFormSchema = z
  .object({ number: z.string(), exp_month: z.string(), exp_year: z.string(), cvc: z.string() })
  .superRefine((values, ctx) => {
    const result = tokeniseLocalCard(values);
    if (result.ok) return;
    for (const error of result.errors) {
      ctx.addIssue({ code: 'custom', path: [error.field], message: error.rule, params: { rule: 'format' } });
    }
  });

export type CardValues = z.input<typeof cardFormSchema>;
export const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc'] as const;
export const EMPTY_CARD: CardValues = { number: '', exp_month: '', exp_year: '', cvc: '' };

/**
 * What was typed in the card form, kept in memory only (never in storage) while the dealer moves between
 * /user/payment and /user/entry: a refused card is fixed without typing the number again.
 */
let typedCard: CardFormInput = { ...EMPTY_CARD };

export function rememberTypedCard(values: CardValues): void {
  typedCard = { ...values };
}

export function typedCardValues(): CardValues {
  return {
    number: String(typedCard.number),
    exp_month: String(typedCard.exp_month),
    exp_year: String(typedCard.exp_year),
    cvc: String(typedCard.cvc),
  };
}
