import { type CardFormInput, type CardTokenAnswer, type TokeniseResult, tokeniseLocalCard } from '@spinyard/domain';

/**
 * The seam between the card form and the gateway's own browser script: a card becomes a token in the browser, the
 * number never reaches our server. GET /v1/card-token names the gateway. The local gateway's script is the
 * domain's tokeniseLocalCard; Stripe.js and PAY.JP's payjp.js load from their own hosts, which this build cannot
 * reach, so for them no tokenizer exists yet and the form says card payment is unavailable (docs/decisions.md,
 * "Billing: screens").
 */
export type CardTokenizer = (input: CardFormInput) => Promise<TokeniseResult>;

export function cardTokenizerFor(config: CardTokenAnswer): CardTokenizer | null {
  if (config.gateway === 'local') return async (input) => tokeniseLocalCard(input);
  return null;
}
