/**
 * The listing-service port (issue 22; ARCHITECTURE.md, "listing link"). The Japanese listing partners publish no open
 * API, so the protocol is the one the spec implies (second document sections 7 and 8): a sign-in that opens a
 * session, the client's info, a property (bukken) search by a link key, register and unregister of a vehicle's 360
 * view on a property, the corporate list, a report aggregate and a log; refusals carry a message id from 2001 to
 * 2999. Two adapters: the local partner (default, in process, no network; local-partner.ts) and the HTTP adapter
 * (http.ts), tested against a local server speaking the protocol (test/helpers/fake-listing.ts) that serves the
 * same partner logic (partner.ts).
 */
export type ListingServiceName = 'local' | 'http';

export interface ListingCredentials {
  loginId: string;
  password: string;
  corporationCode: string;
  contactCode: string;
}

export interface ListingSession {
  token: string;
  /** When the partner stops honouring it (ms since the epoch). */
  expiresAt: number;
}

export interface ClientInfo {
  clientId: string;
  name: string;
  corporationCode: string;
  contactCode: string;
  capable360: boolean;
  registrationLimit: number;
  registeredCount: number;
}

/** Which field of a vehicle is matched against the partner's properties (the domain's listing key type). */
export type ListingKeyType = 'property_code' | 'vin';

export interface Property {
  propertyCode: string;
  vin: string;
  title: string;
}

/** What a register did: a new 360 view on the property, one put back, or nothing (already this vehicle's). */
export type RegisterOutcome = 'new' | 'republished' | 'unchanged';

export interface Corporate {
  corporationCode: string;
  name: string;
}

export interface ReportDay {
  day: string;
  views: number;
  inquiries: number;
}

/**
 * One day of the partner's advertising of the dealer's listings (its Criteo retargeting campaign): ads shown, clicks,
 * what the day cost in yen, and inquiries that came from an ad.
 */
export interface AdDay {
  day: string;
  impressions: number;
  clicks: number;
  cost: number;
  conversions: number;
}

/** The partner's own record: what happened to a property (removed by the dealer on the partner's side...). */
export interface PartnerLogEntry {
  at: string;
  propertyCode: string;
  event: 'registered' | 'unregistered' | 'property_removed';
}

/**
 * Why a call failed: `refused` (the partner's message id says why), `session_expired` (sign in again),
 * `outside_hours` (2998: retry later), `timeout`, `malformed` (an answer the protocol does not allow),
 * `unavailable` (no connection, a 5xx without a message id).
 */
export type ListingFailure = 'refused' | 'session_expired' | 'outside_hours' | 'timeout' | 'malformed' | 'unavailable';

export class ListingError extends Error {
  override readonly name = 'ListingError';
  constructor(
    readonly failure: ListingFailure,
    /** The partner's message id (2001-2999); 2999 when it gave none. */
    readonly msgId: string,
    message?: string,
  ) {
    super(message ?? `listing service: ${failure} (${msgId})`);
  }
}

export interface ListingService {
  readonly name: ListingServiceName;
  signIn(credentials: ListingCredentials): Promise<ListingSession>;
  signOut(session: string): Promise<void>;
  clientInfo(session: string): Promise<ClientInfo>;
  searchProperties(session: string, input: { key: string; keyType: ListingKeyType }): Promise<Property[]>;
  /** Idempotent: the same vehicle on the same property answers `unchanged`. */
  register(
    session: string,
    input: { propertyCode: string; contentId: string; viewUrl: string },
  ): Promise<RegisterOutcome>;
  /** Idempotent: a property without our view is fine. */
  unregister(session: string, input: { propertyCode: string }): Promise<void>;
  corporates(session: string): Promise<Corporate[]>;
  reportAggregate(session: string, input: { from: string; to: string }): Promise<ReportDay[]>;
  /** The advertising report of the session's account, every day of the period. */
  adReport(session: string, input: { from: string; to: string }): Promise<AdDay[]>;
  /** The partner's log since an instant (ISO), oldest first. */
  log(session: string, input: { since: string }): Promise<PartnerLogEntry[]>;
}
