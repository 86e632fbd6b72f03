import type { LegalKind } from '@spinyard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Nullable, Text, UpdatedAt } from './columns.ts';

// The tables of migration 0022 (issue 19): the domains' legal texts and their acceptances (modules/legal).

export interface LegalDocumentsTable {
  id: Generated<string>;
  domain_id: string;
  kind: LegalKind;
  /** Null while a draft. */
  version: Nullable<number>;
  text_ja: Text;
  text_en: Text;
  text_fr: Text;
  text_pt: Text;
  author_id: Nullable<string>;
  published_at: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LegalAcceptancesTable {
  id: Generated<string>;
  user_id: string;
  domain_id: string;
  kind: LegalKind;
  version: number;
  accepted_at: ColumnType<Date, Date, never>;
  ip: Nullable<string>;
}
