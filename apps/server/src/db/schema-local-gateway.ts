import type { ColumnType } from 'kysely';
import type { CreatedAt, Nullable, UpdatedAt } from './columns.ts';

// The tables of migration 0021: the local card gateway's own side (platform/payments/local-repo.ts writes them).

export interface LocalGatewayCustomersTable {
  ref: string;
  idempotency_key: string;
  email: string;
  name: string;
  created_at: CreatedAt;
}

export interface LocalGatewayCardsTable {
  ref: string;
  customer_ref: string;
  token_nonce: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: string;
  detached_at: Nullable<Date>;
  created_at: CreatedAt;
}

/** `cancelled`: a challenge voided before it was answered; `refunded`: paid, then given back in full. */
export type LocalChargeStatus = 'succeeded' | 'requires_action' | 'failed' | 'cancelled' | 'refunded';

export interface LocalGatewayChargesTable {
  ref: string;
  idempotency_key: string;
  request_hash: string;
  customer_ref: string;
  card_ref: string;
  amount: ColumnType<string, number, number>;
  currency: string;
  description: string;
  off_session: boolean;
  return_url: string;
  status: LocalChargeStatus;
  error_code: Nullable<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LocalGatewaySecretsTable {
  name: string;
  secret: Buffer;
  created_at: CreatedAt;
}
