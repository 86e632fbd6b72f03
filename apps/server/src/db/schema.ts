import type { PrivilegeType, UserStatus } from '@spinyard/domain';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Column types of every table, as Kysely sees them. One migration file per change under ./migrations. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface DomainsTable {
  id: Generated<string>;
  host: string;
  company_code: string;
  service_name: string;
  host_flags: ColumnType<string[], string[] | undefined, string[]>;
  options: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CompaniesTable {
  id: Generated<string>;
  domain_id: string;
  parent_company_id: string | null;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  domain_id: string;
  company_id: string | null;
  parent_user_id: string | null;
  email: string;
  password_hash: string;
  name: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  display_name: ColumnType<string, string | undefined, string>;
  privilege_type: PrivilegeType;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  company_section: ColumnType<string, string | undefined, string>;
  is_pay_by_credit: ColumnType<boolean, boolean | undefined, boolean>;
  two_step_auth: ColumnType<boolean, boolean | undefined, boolean>;
  login_limit_count: number | null;
  payment_failed_at: Date | null;
  last_login_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type TokenKind = 'access' | 'content' | 'temporary';

export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  kind: TokenKind;
  token_hash: Buffer;
  device: string;
  application: string;
  ip: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  ip: string;
  username: string;
  succeeded: boolean;
  attempted_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  domains: DomainsTable;
  companies: CompaniesTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_attempts: LoginAttemptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DomainRow = Selectable<DomainsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
