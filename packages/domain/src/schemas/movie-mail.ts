import { z } from 'zod';
import { UI_LOCALES } from '../constants.ts';
import { emailSchema } from './account.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';
import { pageOf, pageQuery } from './lists.ts';

/**
 * Movie mail (issue 20, point 4; first document sections 2 and 3 "Mail history", second document section 7
 * `/send_mail`): a dealer mails a buyer the link to a vehicle's promo film (its contents movie, the `slider` kind),
 * and keeps the history of those mails. Readings (docs/decisions.md, "Content videos: movie mail"):
 * - The link is `/movie/{token}`: a random token kept hashed, valid until the expiry the dealer chose (7, 30 or 90
 *   days, or a date at most 90 days ahead, through the end of that day in Japan time), refused once the mail is
 *   deleted; the movie files behind it are signed URLs that never outlive the link.
 * - Recipients 1 to 10, cc up to 10, no address twice across both (ignoring case); subject one line of at most 150
 *   characters; body at most 4,000 characters, plain text (it is escaped in the mail's HTML part).
 * - Every call needs the domain's `option_data` (the spec's condition of the mail history), else 403 forbidden.
 */

export const MOVIE_MAIL_LIMITS = {
  recipientsMax: 10,
  ccMax: 10,
  subjectMax: 150,
  bodyMax: 4000,
  /** The longest a link may stay valid, in days from its sending. */
  expiryMaxDays: 90,
} as const;

/** The expiries the send dialog offers: a number of days, or a date the dealer picks. */
export const MOVIE_MAIL_EXPIRY_CHOICES = ['7', '30', '90', 'date'] as const;
export type MovieMailExpiryChoice = (typeof MOVIE_MAIL_EXPIRY_CHOICES)[number];

/** The time zone a chosen date is read in: the product's access geography is Japan (first document, section 1). */
export const MOVIE_MAIL_DATE_OFFSET = '+09:00';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a date (YYYY-MM-DD) in Japan time: the last moment a link chosen "until that date" works. */
export function endOfDateInJapan(date: string): Date {
  return new Date(new Date(`${date}T00:00:00${MOVIE_MAIL_DATE_OFFSET}`).getTime() + DAY_MS - 1000);
}

/** When a link sent at `now` with this choice stops working; null for a date choice without its date. */
export function movieMailExpiry(
  choice: MovieMailExpiryChoice,
  date: string | null | undefined,
  now: Date,
): Date | null {
  if (choice !== 'date') return new Date(now.getTime() + Number(choice) * DAY_MS);
  return date ? endOfDateInJapan(date) : null;
}

const addresses = (max: number) =>
  z
    .array(emailSchema)
    .max(max, { error: `At most ${max} addresses.` })
    .default([]);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the send dialog fills in, checked the same in the console and on the server. `now` is read when the check
 * runs, so a date that was fine when the dialog opened and has passed since is refused on the server too.
 */
export const movieMailFields = z
  .strictObject({
    to: addresses(MOVIE_MAIL_LIMITS.recipientsMax).refine((list) => list.length > 0, ruleIssue('required')),
    cc: addresses(MOVIE_MAIL_LIMITS.ccMax),
    // One line: the subject becomes the mail's Subject header, where a line break could start another header.
    subject: z
      .string()
      .trim()
      .min(1)
      .max(MOVIE_MAIL_LIMITS.subjectMax)
      .regex(/^[^\r\n]*$/, ruleIssue('format', 'The subject is one line.')),
    body: z
      .string()
      .transform((text) => text.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().min(1).max(MOVIE_MAIL_LIMITS.bodyMax)),
    expiry: z.enum(MOVIE_MAIL_EXPIRY_CHOICES).default('30'),
    /** The last day the link works (Japan time), when `expiry` is `date`. */
    expires_on: z.string().regex(DATE, ruleIssue('format', 'A date as YYYY-MM-DD.')).nullable().default(null),
    /** The language of the mail's own words (the link's line, the expiry): the console's language. */
    language: z.enum(UI_LOCALES).default('ja'),
  })
  .superRefine((mail, ctx) => {
    const seen = new Set<string>();
    for (const field of ['to', 'cc'] as const) {
      mail[field].forEach((address, index) => {
        if (seen.has(address)) {
          ctx.addIssue({
            code: 'custom',
            path: [field, index],
            ...ruleIssue('no_duplicates', 'This address is already given.'),
          });
        }
        seen.add(address);
      });
    }
    if (mail.expiry !== 'date') return;
    if (mail.expires_on === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['expires_on'],
        ...ruleIssue('required', 'Choose the last day of the link.'),
      });
      return;
    }
    const end = endOfDateInJapan(mail.expires_on).getTime();
    const now = Date.now();
    if (Number.isNaN(end) || end <= now || end > now + (MOVIE_MAIL_LIMITS.expiryMaxDays + 1) * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['expires_on'],
        ...ruleIssue('range', `Choose a day from today to ${MOVIE_MAIL_LIMITS.expiryMaxDays} days ahead.`),
      });
    }
  });
export type MovieMailFields = z.input<typeof movieMailFields>;

/** POST /send_mail: a vehicle's movie mail. */
export const movieMailBody = movieMailFields.safeExtend({ content_id: idSchema });
export type MovieMailBody = z.input<typeof movieMailBody>;
export type MovieMailRequest = z.output<typeof movieMailBody>;

/** POST /send_mail/{id}/resend: the mail again, its words in this language. */
export const movieMailResendBody = z.strictObject({ language: z.enum(UI_LOCALES).default('ja') });

export const movieMailParams = z.object({ id: idSchema });

export const movieMailListQuery = pageQuery.extend({
  content_id: idSchema.optional().describe("Only this vehicle's mails"),
});
export type MovieMailListQuery = z.input<typeof movieMailListQuery>;

export const movieMailAnswer = z.object({
  id: z.string(),
  content_id: z.string(),
  /** The vehicle as the history names it (maker, car name, management id). */
  content_name: z.string(),
  sender: z.string().nullable().describe("The sender's name, null once that user is gone"),
  recipients: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type MovieMailAnswer = z.output<typeof movieMailAnswer>;

export const movieMailPage = pageOf(movieMailAnswer);
export type MovieMailPage = z.output<typeof movieMailPage>;
