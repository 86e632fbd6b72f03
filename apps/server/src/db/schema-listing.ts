import type { LinkEventKind, LinkMethod, LinkState } from '@spinyard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Nullable, NullableJson, UpdatedAt } from './columns.ts';

/** The listing link's tables (migration 0031), written only by modules/listing/repo.ts. */

export interface ListingAccountsTable {
  user_id: string;
  login_id: string;
  corporation_code: ColumnType<string, string | undefined, string>;
  contact_code: ColumnType<string, string | undefined, string>;
  /** The password and the partner's session, sealed (modules/listing/seal.ts). */
  secret_sealed: string;
  signed_in: ColumnType<boolean, boolean | undefined, boolean>;
  /** The partner's last client info (the CsClientInfo answer's fields). */
  client: NullableJson<Record<string, unknown>>;
  last_msg_id: Nullable<string>;
  reconciled_at: Nullable<Date>;
  updated_at: UpdatedAt;
}

export interface ListingLinksTable {
  content_id: string;
  domain_id: string;
  user_id: string;
  method: LinkMethod;
  state: LinkState;
  link_key: ColumnType<string, string | undefined, string>;
  key_type: ColumnType<'property_code' | 'vin', 'property_code' | 'vin' | undefined, 'property_code' | 'vin'>;
  property_code: Nullable<string>;
  seq: ColumnType<number, number | undefined, number>;
  msg_id: Nullable<string>;
  drift: Nullable<string>;
  linked_at: Nullable<Date>;
  updated_at: UpdatedAt;
}

export interface ListingEventsTable {
  id: Generated<string>;
  user_id: string;
  content_id: Nullable<string>;
  kind: LinkEventKind;
  state: Nullable<LinkState>;
  msg_id: Nullable<string>;
  property_code: Nullable<string>;
  at: ColumnType<Date, Date | undefined, never>;
}
