import type { Generated } from 'kysely';
import type { CreatedAt, Nullable } from './columns.ts';

// The tables of migration 0031 (issue 22, helper "partner"): reporting API keys (modules/partner) and the log of
// contents reports (modules/contents).

export interface ReportingApiKeysTable {
  id: Generated<string>;
  domain_id: string;
  name: string;
  key_hash: Buffer;
  hint: string;
  created_by: Nullable<string>;
  created_at: CreatedAt;
  rotated_at: Nullable<Date>;
  last_used_at: Nullable<Date>;
  revoked_at: Nullable<Date>;
}

export interface ContentsReportLogsTable {
  id: Generated<string>;
  domain_id: string;
  user_id: string;
  month: string;
  report_type: 'detail' | 'summary';
  sleep: boolean;
  created_at: CreatedAt;
}
