import { csClientInfo } from '@spinyard/domain';
import { z } from 'zod';
import type { ClientInfo } from './port.ts';

/**
 * The listing partner's HTTP protocol, as the HTTP adapter (http.ts) speaks it and the fake (test/helpers/
 * fake-listing.ts) serves it: JSON under `/api/v1`, the session in the `X-Listing-Session` header, every answer
 * `{ result: 'OK', ... }` or `{ result: 'NG', errors: [{ msgId, message }] }` (401 for a session the partner no
 * longer honours, 503 with 2998 outside its hours, 400 for the other refusals).
 */
export const SESSION_HEADER = 'x-listing-session';

export const PATHS = {
  sessions: '/api/v1/sessions',
  client: '/api/v1/client',
  bukken: '/api/v1/bukken',
  contents: (propertyCode: string) => `/api/v1/bukken/${encodeURIComponent(propertyCode)}/contents`,
  corporates: '/api/v1/corporates',
  report: '/api/v1/report/aggregate',
  ads: '/api/v1/report/ads',
  log: '/api/v1/log',
} as const;

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ result: z.literal('OK'), ...shape });

export const ngAnswer = z.object({
  result: z.literal('NG'),
  errors: z.array(z.object({ msgId: z.union([z.string(), z.number()]).transform(String), message: z.string() })).min(1),
});

export const sessionAnswer = ok({
  session: z.object({ token: z.string().min(1), expires_in: z.number().int().positive() }),
});
export const clientAnswer = ok({ client: csClientInfo });

/** The client info as the protocol spells it (the console's answer spells it the same way). */
export function clientWire(c: ClientInfo): z.output<typeof csClientInfo> {
  return {
    client_id: c.clientId,
    name: c.name,
    corporation_code: c.corporationCode,
    contact_code: c.contactCode,
    capable_360: c.capable360,
    registration_limit: c.registrationLimit,
    registered_count: c.registeredCount,
  };
}

export const bukkenAnswer = ok({
  items: z.array(z.object({ property_code: z.string().min(1), vin: z.string(), title: z.string() })),
});
export const registerAnswer = ok({ status: z.enum(['new', 'republished', 'unchanged']) });
export const emptyAnswer = ok({});
export const corporatesAnswer = ok({
  items: z.array(z.object({ corporation_code: z.string(), name: z.string() })),
});
export const reportAnswer = ok({
  days: z.array(z.object({ day: z.string(), views: z.number().int(), inquiries: z.number().int() })),
});
const count = z.number().int().min(0);
export const adsAnswer = ok({
  days: z.array(z.object({ day: z.string(), impressions: count, clicks: count, cost: count, conversions: count })),
});
export const logAnswer = ok({
  items: z.array(
    z.object({
      at: z.string(),
      property_code: z.string(),
      event: z.enum(['registered', 'unregistered', 'property_removed']),
    }),
  ),
});
