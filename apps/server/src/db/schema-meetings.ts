import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Nullable, Text, UpdatedAt } from './columns.ts';

// The tables of migration 0028 (issue 21): web negotiations and what belongs to them (modules/web-negotiation).

type Bytes = ColumnType<string, number | string, number | string>;

export interface WebNegotiationsTable {
  id: Generated<string>;
  domain_id: string;
  host_user_id: Nullable<string>;
  created_by: Nullable<string>;
  title: string;
  description: Text;
  starts_at: Date;
  duration_minutes: number;
  time_zone: Text;
  participants: number;
  memo: Text;
  /** Written as `evaluationSchema` parsed it; read back through the schema. */
  evaluation: Json<unknown>;
  room_status: ColumnType<
    'ready' | 'open' | 'closed' | 'deleted',
    'ready' | 'open' | 'closed' | 'deleted' | undefined,
    'ready' | 'open' | 'closed' | 'deleted'
  >;
  joined_at: Nullable<Date>;
  ended_at: Nullable<Date>;
  end_reason: Nullable<string>;
  host_token_hash: Nullable<string>;
  host_token_sealed: Nullable<string>;
  ics_sequence: ColumnType<number, number | undefined, number>;
  reminded_at: Nullable<Date>;
  deleted_at: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebNegotiationVehiclesTable {
  negotiation_id: string;
  content_id: string;
  position: number;
}

export interface WebNegotiationInviteesTable {
  id: Generated<string>;
  negotiation_id: string;
  position: number;
  name: Text;
  email: Text;
  phone: Text;
  phone_key: Text;
  time_zone: Nullable<string>;
  language: Nullable<string>;
  token_hash: string;
  token_sealed: Nullable<string>;
  invited_at: Nullable<Date>;
  created_at: CreatedAt;
}

export interface WebNegotiationDocumentsTable {
  id: Generated<string>;
  negotiation_id: string;
  kind: ColumnType<'document' | 'business_card', 'document' | 'business_card' | undefined, never>;
  file_name: string;
  content_type: string;
  file_key: string;
  bytes: Bytes;
  uploaded_by: Nullable<string>;
  created_at: CreatedAt;
}

export interface MeetingProfileCardsTable {
  user_id: string;
  domain_id: string;
  file_name: string;
  content_type: string;
  file_key: string;
  bytes: Bytes;
  created_at: CreatedAt;
}
