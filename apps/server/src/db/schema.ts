import type { ListingLinkState, PrivilegeType, PublicationState, UserStatus } from '@spinyard/domain';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { CreatedAt, Flag, Json, Nullable, Row, StampedRow, Text, UpdatedAt } from './columns.ts';
import type {
  BillingEventsTable,
  ChargesTable,
  InvoiceNumbersTable,
  InvoicesTable,
  PaymentCardsTable,
  PaymentCustomersTable,
  PlansTable,
  SubscriptionsTable,
} from './schema-billing.ts';
import type { CustomDesignsTable } from './schema-design.ts';
import type { HotspotsTable } from './schema-hotspots.ts';
import type { LegalAcceptancesTable, LegalDocumentsTable } from './schema-legal.ts';
import type { ListingAccountsTable, ListingEventsTable, ListingLinksTable } from './schema-listing.ts';
import type {
  LocalGatewayCardsTable,
  LocalGatewayChargesTable,
  LocalGatewayCustomersTable,
  LocalGatewaySecretsTable,
} from './schema-local-gateway.ts';
import type {
  ExteriorFramesTable,
  ExteriorGroupsTable,
  ExteriorSettingsTable,
  InteriorScenesTable,
  MediaSecretsTable,
  MovieBackupsTable,
  OriginalMoviesTable,
  RiderViewImagesTable,
  SliderItemsTable,
} from './schema-media.ts';
import type {
  MeetingProfileCardsTable,
  WebNegotiationDocumentsTable,
  WebNegotiationInviteesTable,
  WebNegotiationsTable,
  WebNegotiationVehiclesTable,
} from './schema-meetings.ts';
import type {
  AudioTracksTable,
  ContentMovieSettingsTable,
  ContentMoviesTable,
  MovieMailsTable,
  VideoSharingAccountsTable,
  VideoSiteVideosTable,
} from './schema-movies.ts';
import type { PublicationsTable } from './schema-publishing.ts';
import type { StatisticCountsTable, StatisticSecretsTable, StatisticVisitorsTable } from './schema-statistics.ts';

export type * from './schema-billing.ts';
export type * from './schema-design.ts';
export type * from './schema-hotspots.ts';
export type * from './schema-listing.ts';
export type * from './schema-local-gateway.ts';
export type * from './schema-media.ts';
export type * from './schema-meetings.ts';
export type * from './schema-movies.ts';
export type * from './schema-publishing.ts';
export type * from './schema-statistics.ts';

// Column types of every table, as Kysely sees them (shared column types and row groups in columns.ts). One
// migration file per change under ./migrations.

export interface DomainsTable extends StampedRow {
  host: string;
  company_code: string;
  service_name: string;
  host_flags: ColumnType<string[], string[] | undefined, string[]>;
  options: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: ColumnType<'active' | 'deleting', 'active' | 'deleting' | undefined, 'active' | 'deleting'>;
  deletion_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  logo_key: ColumnType<string | null, string | null | undefined, string | null>;
  splash_key: ColumnType<string | null, string | null | undefined, string | null>;
  round_logo_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CompaniesTable extends StampedRow {
  domain_id: string;
  parent_company_id: Nullable<string>;
  name: string;
  kind: ColumnType<'headquarters' | 'branch', 'headquarters' | 'branch' | undefined, 'headquarters' | 'branch'>;
  corporate_code: Text;
  store_code: Text;
  zip1: Text;
  zip2: Text;
  prefecture: Nullable<number>;
  state: Text;
  city: Text;
  street: Text;
  tel: Text;
  country: Text;
  credit_notation: Text;
  subdomain: Text;
  logo_key: Nullable<string>;
}

export interface GroupsTable extends StampedRow {
  domain_id: string;
  company_id: Nullable<string>;
  name: string;
  admin_user_id: Nullable<string>;
}

export interface UsersTable extends StampedRow {
  domain_id: string;
  company_id: Nullable<string>;
  parent_user_id: Nullable<string>;
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
  /** Set by whoever manages the user; the user's own switch cannot lift it. */
  two_step_forced: ColumnType<boolean, boolean | undefined, boolean>;
  login_limit_count: Nullable<number>;
  payment_failed_at: Nullable<Date>;
  last_login_at: Nullable<Date>;
  group_id: Nullable<string>;
  phone: Text;
  car_limit: Nullable<number>;
  plan_id: Nullable<string>;
  start_date: Nullable<Date>;
  next_billing_date: Nullable<Date>;
  login_code: Text;
  shop_code: Text;
  corporation_code: Text;
  store_name: Text;
  username_alias: Json<{ user_name: string }[]>;
  web_negotiation_limit: Nullable<number>;
  web_negotiation_max_time: Nullable<number>;
  department: Text;
  job_number: Text;
  authorizer_job_number: Text;
  image_system: Json<Record<string, unknown>>;
  configuration: Json<Record<string, unknown>>;
  activated_at: Nullable<Date>;
  /** When a cancelled contract's service ends (set at cancellation). */
  service_ends_at: Nullable<Date>;
  deleted_at: Nullable<Date>;
}

export type TokenKind = 'access' | 'content' | 'temporary';

export interface AuthTokensTable extends Row {
  user_id: string;
  session_id: string;
  kind: TokenKind;
  token_hash: Buffer;
  device: string;
  application: string;
  ip: string;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  revoked_at: Nullable<Date>;
  /** For temporary tokens: what the sign-in still needs ('login_limit' or 'two_step'). */
  purpose: Nullable<string>;
}

export type OneTimePurpose = 'activation' | 'password_reset' | 'email_change';

export interface OneTimeTokensTable extends Row {
  user_id: string;
  purpose: OneTimePurpose;
  token_hash: Buffer;
  payload: Json<Record<string, unknown>>;
  expires_at: Date;
  used_at: Nullable<Date>;
}

export interface TwoStepChallengesTable extends Row {
  user_id: string;
  session_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  consumed_at: Nullable<Date>;
}

export interface ContentsTable extends StampedRow {
  domain_id: string;
  company_id: Nullable<string>;
  owner_user_id: string;
  creator_user_id: string;
  management_id: string;
  publication: ColumnType<PublicationState, PublicationState | undefined, PublicationState>;
  deleted_at: Nullable<Date>;
  maker: Text;
  car_name: Text;
  body_color: Text;
  engine_type: Text;
  inspection_period: Text;
  assessment_score: Text;
  phone: Text;
  mail: Text;
  store: Text;
  bike_style: Text;
  parts_category: Text;
  chassis_number: Text;
  listing_id: Text;
  limited_password: Text;
  analytics_tag: Text;
  handle: Nullable<'right' | 'left'>;
  first_registration_year: Nullable<number>;
  first_registration_month: Nullable<number>;
  displacement: Nullable<number>;
  mileage: Nullable<number>;
  repair_history: Nullable<'yes' | 'no'>;
  /** bigint: pg answers it as a string; the repository turns it into a number (prices stay far below 2^53). */
  price_with_tax: ColumnType<string | null, number | null | undefined, number | null>;
  total_price_with_tax: ColumnType<string | null, number | null | undefined, number | null>;
  statutory_inspection: Nullable<'included' | 'not_included'>;
  vehicle_inspection: Nullable<'included' | 'not_included'>;
  thumbnail_key: Nullable<string>;
  limited_password_enabled: Flag;
  analytics_tag_enabled: Flag;
  option_display: Flag;
  vr_mode: Flag;
  development_view_display: Flag;
  inspection_data_display: Flag;
  defect_display: Flag;
  has_exterior: Flag;
  has_interior: Flag;
  has_rider_view: Flag;
  has_category_images: Flag;
  has_web_negotiation: Flag;
  development_view_position: ColumnType<'inside' | 'outside', 'inside' | 'outside' | undefined, 'inside' | 'outside'>;
  basic_info_shown: Json<string[]>;
  inspection: Json<Record<string, unknown>>;
  listing_link: ColumnType<ListingLinkState, ListingLinkState | undefined, ListingLinkState>;
  slept_at: Nullable<Date>;
  /** Written by PostgreSQL (migration 0010): the list's searchable texts, lower-cased, one per line. */
  search_text: GeneratedAlways<string>;
}

export type ProcessStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ContentProcessesTable {
  id: Generated<string>;
  content_id: string;
  process: string;
  status: ColumnType<ProcessStatus, ProcessStatus | undefined, ProcessStatus>;
  progress: ColumnType<number, number | undefined, number>;
  started_at: CreatedAt;
  finished_at: Nullable<Date>;
  error: Nullable<string>;
  /** Last sign of life of the worker running it: a process silent for too long is retried or failed. */
  heartbeat_at: ColumnType<Date, Date | undefined, Date>;
  attempts: ColumnType<number, number | undefined, number>;
  payload: Json<Record<string, unknown>>;
  actor_user_id: Nullable<string>;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  ip: string;
  username: string;
  succeeded: boolean;
  attempted_at: ColumnType<Date, Date | undefined, never>;
}

/** One counted request of a rate-limited endpoint (password reset, activation resend). */
export interface ThrottleEventsTable extends Row {
  action: string;
  subject: string;
}

/** A resumable video upload (tus): its bytes live in the upload folder under the same id until checked. */
export interface UploadsTable {
  id: string;
  content_id: string;
  user_id: Nullable<string>;
  purpose: string;
  status: ColumnType<string, string | undefined, string>;
  /** bigint: PostgreSQL answers it as a string. */
  size: ColumnType<string, number, never>;
  file_name: Nullable<string>;
  container: Nullable<string>;
  error_code: Nullable<string>;
  /** The SHA-256 (hex) of the bytes as uploaded, once they are all there (migration 0019). */
  sha256: Nullable<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface Database {
  domains: DomainsTable;
  companies: CompaniesTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_attempts: LoginAttemptsTable;
  groups: GroupsTable;
  one_time_tokens: OneTimeTokensTable;
  two_step_challenges: TwoStepChallengesTable;
  contents: ContentsTable;
  content_processes: ContentProcessesTable;
  throttle_events: ThrottleEventsTable;
  uploads: UploadsTable;
  exterior_groups: ExteriorGroupsTable;
  exterior_frames: ExteriorFramesTable;
  exterior_settings: ExteriorSettingsTable;
  movie_backups: MovieBackupsTable;
  interior_scenes: InteriorScenesTable;
  slider_items: SliderItemsTable;
  original_movies: OriginalMoviesTable;
  rider_view_images: RiderViewImagesTable;
  publications: PublicationsTable;
  statistic_counts: StatisticCountsTable;
  statistic_visitors: StatisticVisitorsTable;
  statistic_secrets: StatisticSecretsTable;
  hotspots: HotspotsTable;
  custom_designs: CustomDesignsTable;
  plans: PlansTable;
  payment_customers: PaymentCustomersTable;
  payment_cards: PaymentCardsTable;
  subscriptions: SubscriptionsTable;
  charges: ChargesTable;
  billing_events: BillingEventsTable;
  invoice_numbers: InvoiceNumbersTable;
  invoices: InvoicesTable;
  media_secrets: MediaSecretsTable;
  local_gateway_customers: LocalGatewayCustomersTable;
  local_gateway_cards: LocalGatewayCardsTable;
  local_gateway_charges: LocalGatewayChargesTable;
  local_gateway_secrets: LocalGatewaySecretsTable;
  legal_documents: LegalDocumentsTable;
  legal_acceptances: LegalAcceptancesTable;
  content_movie_settings: ContentMovieSettingsTable;
  content_movies: ContentMoviesTable;
  audio_tracks: AudioTracksTable;
  movie_mails: MovieMailsTable;
  video_sharing_accounts: VideoSharingAccountsTable;
  video_site_videos: VideoSiteVideosTable;
  web_negotiations: WebNegotiationsTable;
  web_negotiation_vehicles: WebNegotiationVehiclesTable;
  web_negotiation_invitees: WebNegotiationInviteesTable;
  web_negotiation_documents: WebNegotiationDocumentsTable;
  meeting_profile_cards: MeetingProfileCardsTable;
  listing_accounts: ListingAccountsTable;
  listing_links: ListingLinksTable;
  listing_events: ListingEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DomainRow = Selectable<DomainsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type GroupRow = Selectable<GroupsTable>;
export type ContentRow = Selectable<ContentsTable>;
