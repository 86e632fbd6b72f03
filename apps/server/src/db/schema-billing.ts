import type { InvoiceLineNote } from '@spinyard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Flag, Json, Nullable, Text, UpdatedAt } from './columns.ts';

// The tables of migration 0020 (issue 19), apart from schema.ts like the media tables. Money is bigint: the driver
// reads it as a string, so repositories turn it into a number (amounts stay far below 2^53).

type Money = ColumnType<string, number | string, number | string>;
type Currency = 'jpy' | 'usd' | 'eur' | 'krw' | 'cny';

export interface PlansTable {
  id: string;
  name: string;
  amount: Money;
  interval: 'day' | 'week' | 'month' | 'year';
  currency: Currency;
  statement_descriptor: Text;
  vehicle_limit: Nullable<number>;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  enabled: Flag;
  shown: Flag;
  deleted_at: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PaymentCustomersTable {
  user_id: string;
  gateway: string;
  customer_ref: string;
  created_at: CreatedAt;
}

export interface PaymentCardsTable {
  id: Generated<string>;
  user_id: string;
  gateway: string;
  card_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: Flag;
  expiry_notice_sent_at: Nullable<Date>;
  deleted_at: Nullable<Date>;
  created_at: CreatedAt;
}

export type SubscriptionRowStatus = 'active' | 'past_due' | 'cancel_pending' | 'cancelled' | 'expired';

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  status: SubscriptionRowStatus;
  currency: Currency;
  current_period_start: Date;
  current_period_end: Date;
  end_date: Nullable<Date>;
  scheduled_plan_id: Nullable<string>;
  last_downgrade_at: Nullable<Date>;
  past_due_since: Nullable<Date>;
  next_retry_at: Nullable<Date>;
  /** When the dealer was told their cancelled contract ends (once, a week ahead). */
  end_notice_sent_at: Nullable<Date>;
  retry_count: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One line as invoiced. */
export interface ChargeLine {
  description: string;
  /** What the line is, shown in the reader's language (lines charged before it existed have none). */
  note?: InvoiceLineNote;
  quantity: number;
  unit_amount: number;
  amount: number;
  /** 0.1 for consumption tax; 0 for a line outside it (late-payment interest). */
  tax_rate: number;
}

export interface ChargesTable {
  id: Generated<string>;
  user_id: string;
  subscription_id: Nullable<string>;
  idempotency_key: string;
  kind: 'initial' | 'renewal' | 'proration' | 'late_fee' | 'recovery';
  plan_id: string;
  currency: Currency;
  amount_without_tax: Money;
  tax: Money;
  late_fee: ColumnType<string, number | string | undefined, number | string>;
  amount: Money;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  gateway: string;
  gateway_ref: Nullable<string>;
  error_code: Nullable<string>;
  period_start: Nullable<Date>;
  period_end: Nullable<Date>;
  lines: Json<ChargeLine[]>;
  attempts: ColumnType<number, number | undefined, number>;
  paid_at: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BillingEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  received_at: CreatedAt;
}

export interface InvoiceNumbersTable {
  name: string;
  last_number: ColumnType<string, number | string | undefined, number | string>;
}

export interface InvoicesTable {
  id: Generated<string>;
  number: Money;
  user_id: string;
  charge_id: Nullable<string>;
  plan_id: string;
  currency: Currency;
  status: 'paid' | 'open' | 'void';
  issued_at: Date;
  period_start: Nullable<Date>;
  period_end: Nullable<Date>;
  document: Json<Record<string, unknown>>;
  total_without_tax: Money;
  tax: Money;
  total_with_tax: Money;
  created_at: CreatedAt;
}
