import { z } from 'zod';
import { LINK_METHODS, LINK_STATES } from '../listing-link.ts';
import { idSchema } from './common.ts';
import { statisticChartQuery } from './statistics.ts';

/**
 * The listing-service link's contract (issue 22; second document section 7, `/cs/...` and `/users/cs_autojoin`):
 * the dealer's partner account (sign-in, client info), the partner's properties (bukken) found by a vehicle's link
 * key, the link of vehicles (register, unregister, every link, the latest figures, our log) and the partner's
 * corporate list and report. The partner's own protocol is the port's (server platform/listing); these are the
 * console's calls.
 */

const text = (max: number) => z.string().trim().max(max);

/** Sign-in to the partner from /account-link: the login id and password the partner gave the dealer. */
export const csLoginBody = z.object({
  login_id: text(100).min(1),
  password: z.string().min(1).max(200),
  corporation_code: text(100).default(''),
  contact_code: text(100).default(''),
});
export type CsLoginBody = z.input<typeof csLoginBody>;

/** What the partner says about the signed-in dealer (its client info call). */
export const csClientInfo = z.object({
  client_id: z.string(),
  name: z.string(),
  corporation_code: z.string(),
  contact_code: z.string(),
  /** The partner's plan lets this account show 360 views. */
  capable_360: z.boolean(),
  registration_limit: z.number().int(),
  registered_count: z.number().int(),
});
export type CsClientInfo = z.output<typeof csClientInfo>;

/**
 * The caller's partner account as the console shows it: joined (the image-system user's cs_join on a domain that
 * offers the link), signed in (a partner session held, sealed), and the last client info.
 */
export const csAccountAnswer = z.object({
  joined: z.boolean(),
  autojoin: z.boolean(),
  signed_in: z.boolean(),
  login_id: z.string(),
  corporation_code: z.string(),
  contact_code: z.string(),
  client: csClientInfo.nullable(),
  /** The partner's message id of the last refusal (sign-in or session), null when it answered. */
  last_msg_id: z.string().nullable(),
  /**
   * The server talks to its built-in test partner (SPINYARD_LISTING=local, the default without a partner
   * configured): nothing is listed on a real site and the partner's figures are all 0.
   */
  test_partner: z.boolean(),
});
export type CsAccountAnswer = z.output<typeof csAccountAnswer>;

/** A property search by the link key (property code or VIN, by the domain's listing key type). */
export const csBukkenQuery = z.object({ key: text(50).min(1) });
export const csProperty = z.object({ property_code: z.string(), vin: z.string(), title: z.string() });
export const csBukkenAnswer = z.object({ items: z.array(csProperty) });
export type CsBukkenAnswer = z.output<typeof csBukkenAnswer>;

/** At most this many vehicles per register or unregister call. */
export const CS_CONTENTS_MAX = 100;
export const csContentsBody = z.object({ content_ids: z.array(idSchema).min(1).max(CS_CONTENTS_MAX) });
export type CsContentsBody = z.input<typeof csContentsBody>;

/** One vehicle's link as the console shows it (detail page, list, /cs/all). */
export const csLinkAnswer = z.object({
  content_id: idSchema,
  management_id: z.string(),
  state: z.enum(LINK_STATES),
  method: z.enum(LINK_METHODS).nullable(),
  link_key: z.string(),
  property_code: z.string().nullable(),
  /** The partner's message id of the last failure (2001-2999), null otherwise. */
  msg_id: z.string().nullable(),
  /** A waiting link can still be cancelled (it has not reached the partner). */
  cancellable: z.boolean(),
  /** What the hourly reconcile found changed on the partner's side (e.g. property_removed), null when nothing. */
  drift: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CsLinkAnswer = z.output<typeof csLinkAnswer>;

export const csContentsAnswer = z.object({ items: z.array(csLinkAnswer) });
export type CsContentsAnswer = z.output<typeof csContentsAnswer>;

export const csAllQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(300).default(50),
});
export const csAllAnswer = z.object({ total: z.number().int(), items: z.array(csLinkAnswer) });
export type CsAllAnswer = z.output<typeof csAllAnswer>;

/** The link statistics (first document section 3): remaining, new, republished, unpublished, deleted, failed. */
export const LINK_STATISTICS = ['remaining', 'new', 'republished', 'unpublished', 'deleted', 'failed'] as const;
export type LinkStatistic = (typeof LINK_STATISTICS)[number];
export const csLatestAnswer = z.object({
  /** The figures count the events since this instant (the last 24 hours); remaining counts links still to make. */
  since: z.string(),
  counts: z.object(
    Object.fromEntries(LINK_STATISTICS.map((k) => [k, z.number().int()])) as Record<LinkStatistic, z.ZodNumber>,
  ),
});
export type CsLatestAnswer = z.output<typeof csLatestAnswer>;

/** Our record of each link event: what the console's log and the statistics read. */
export const LINK_EVENT_KINDS = ['new', 'republished', 'unpublished', 'deleted', 'failed'] as const;
export type LinkEventKind = (typeof LINK_EVENT_KINDS)[number];
export const csLogQuery = csAllQuery;
export const csLogEntry = z.object({
  at: z.string(),
  content_id: idSchema.nullable(),
  management_id: z.string().nullable(),
  kind: z.enum(LINK_EVENT_KINDS),
  state: z.enum(LINK_STATES).nullable(),
  msg_id: z.string().nullable(),
  property_code: z.string().nullable(),
});
export const csLogAnswer = z.object({ total: z.number().int(), items: z.array(csLogEntry) });
export type CsLogAnswer = z.output<typeof csLogAnswer>;

export const csCorporateListAnswer = z.object({
  items: z.array(z.object({ corporation_code: z.string(), name: z.string() })),
});
export type CsCorporateListAnswer = z.output<typeof csCorporateListAnswer>;

/** The partner's report aggregate: the same period rule as the statistics chart (at most one year). */
export const csReportQuery = statisticChartQuery;
export const csReportDay = z.object({ day: z.string(), views: z.number().int(), inquiries: z.number().int() });
export const csReportAnswer = z.object({ from: z.string(), to: z.string(), days: z.array(csReportDay) });
export type CsReportAnswer = z.output<typeof csReportAnswer>;

export const csAutojoinBody = z.object({ cs_autojoin: z.boolean() });
export const csAutojoinAnswer = z.object({
  cs_autojoin: z.boolean(),
  /** Vehicles queued for the automatic link by the request itself (0 when a job queues them: `queueing`). */
  queued: z.number().int(),
  /**
   * The vehicles are being queued by a job (the answer does not wait for it): the link figures' `remaining`
   * (`/cs/latest`) grows as each page is queued and falls as each link is made.
   */
  queueing: z.boolean(),
});
export type CsAutojoinAnswer = z.output<typeof csAutojoinAnswer>;
