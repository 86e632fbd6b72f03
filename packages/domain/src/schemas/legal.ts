import { z } from 'zod';

/**
 * Legal texts and the contact form (issue 19, points 2 and 8; first document sections 2 and 3, second document
 * sections 5 and 7). Readings (docs/decisions.md, "Billing: legal texts and contact"):
 * - Three texts, each per domain: the terms of service, the privacy policy and the personal-information notice.
 *   The master writes a draft in four languages and publishes it as the next version (1, 2...); a published version
 *   is never changed. Until a domain publishes its own, the product's default texts (version 0) are shown.
 * - Plain text: paragraphs are separated by blank lines and shown as such; nothing in a text is markup.
 * - A language left empty falls back to Japanese, then English; the answer names the language served.
 * - Sign-up accepts the texts in force; a signed-in user (not master) is asked again for any newer published version.
 */

export const LEGAL_KINDS = ['terms', 'privacy', 'personal_information'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export const LEGAL_LANGUAGES = ['ja', 'en', 'fr', 'pt'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

/** The order in which an empty language is filled in: the requested one, Japanese, English. */
export const LEGAL_FALLBACK: readonly LegalLanguage[] = ['ja', 'en'];

/** About 30 printed pages: a real terms of service is 10,000 to 20,000 characters. */
export const LEGAL_TEXT_MAX_LENGTH = 60_000;

const legalText = z
  .string()
  .max(LEGAL_TEXT_MAX_LENGTH)
  .transform((text) => text.replace(/\r\n?/g, '\n').trim());

export const legalTextsSchema = z.strictObject({ ja: legalText, en: legalText, fr: legalText, pt: legalText });
export type LegalTexts = z.output<typeof legalTextsSchema>;

/** The language actually served for a request: the one asked for when written, else Japanese, else English. */
export function servedLanguage(texts: LegalTexts, wanted: LegalLanguage): LegalLanguage {
  const order: LegalLanguage[] = [wanted, ...LEGAL_FALLBACK];
  return order.find((language) => texts[language] !== '') ?? wanted;
}

/** A text as paragraphs (blank lines apart), each paragraph's lines kept: how pages show it, always as text. */
export function legalParagraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

export const legalKindParams = z.object({ kind: z.enum(LEGAL_KINDS) });

export const legalPublicQuery = z.object({ lang: z.enum(LEGAL_LANGUAGES).default('ja') });

export const legalDocumentAnswer = z.object({
  kind: z.enum(LEGAL_KINDS),
  version: z.int().describe('0 while the domain shows the product default text'),
  is_default: z.boolean().describe("True for the product's default text (a placeholder for the operator's own)"),
  language: z.enum(LEGAL_LANGUAGES).describe('The language of `text`: the one asked for, or its fallback'),
  requested_language: z.enum(LEGAL_LANGUAGES),
  text: z.string(),
  published_at: z.string().nullable(),
});
export type LegalDocumentAnswer = z.output<typeof legalDocumentAnswer>;

/** The master's view of one text of one domain. */
export const legalEditQuery = z.object({ domain_id: z.string().regex(/^\d{1,18}$/) });

export const legalDraftBody = z.strictObject({ domain_id: z.string().regex(/^\d{1,18}$/), texts: legalTextsSchema });
export type LegalDraftBody = z.output<typeof legalDraftBody>;

export const legalPublishBody = z.strictObject({ domain_id: z.string().regex(/^\d{1,18}$/) });

const legalVersionAnswer = z.object({
  version: z.int(),
  texts: legalTextsSchema,
  published_at: z.string(),
  author: z.string().nullable().describe("The publisher's e-mail address (null once that user is gone)"),
});

export const legalEditAnswer = z.object({
  domain_id: z.string(),
  kind: z.enum(LEGAL_KINDS),
  draft: z.object({ texts: legalTextsSchema, updated_at: z.string(), author: z.string().nullable() }).nullable(),
  /** Newest first. */
  versions: z.array(legalVersionAnswer),
  default_texts: legalTextsSchema,
});
export type LegalEditAnswer = z.output<typeof legalEditAnswer>;

const legalVersionRef = z.object({ kind: z.enum(LEGAL_KINDS), version: z.int().min(0).max(1_000_000) });
export type LegalVersionRef = z.output<typeof legalVersionRef>;

/** A signed-in user's standing: the texts in force they have not yet accepted (empty: nothing to ask). */
export const legalStatusAnswer = z.object({
  pending: z.array(legalVersionRef.extend({ published_at: z.string().nullable() })),
});
export type LegalStatusAnswer = z.output<typeof legalStatusAnswer>;

export const legalAcceptBody = z.strictObject({ accepted: z.array(legalVersionRef).min(1).max(LEGAL_KINDS.length) });
export type LegalAcceptBody = z.output<typeof legalAcceptBody>;

// ---- Contact form -------------------------------------------------------------------------------------------------

export const CONTACT_TYPES = ['service', 'contract_price', 'security', 'cancellation', 'other'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_BOUNDS = { subjectMax: 100, bodyMax: 4000 } as const;

/** Mail and rate limit: at most 5 inquiries an hour from one user, and from one client address. */
export const CONTACT_THROTTLE = { maxPerUser: 5, maxPerIp: 5, windowMs: 60 * 60 * 1000 } as const;

export const contactBody = z.strictObject({
  inquiry_type: z.enum(CONTACT_TYPES),
  // One line: a subject becomes the mail's subject, where a line break could start a header.
  subject: z
    .string()
    .trim()
    .min(1)
    .max(CONTACT_BOUNDS.subjectMax)
    .regex(/^[^\r\n]*$/, { message: 'The subject is one line.' }),
  body: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1).max(CONTACT_BOUNDS.bodyMax)),
  /** The console's language, for the sender's copy (users have no language setting). */
  language: z.enum(LEGAL_LANGUAGES).default('ja'),
});
export type ContactBody = z.input<typeof contactBody>;
export type Contact = z.output<typeof contactBody>;

export const contactAnswer = z.object({
  sent: z.literal(true),
  copy_to: z.string().describe("The sender's address, where the copy went"),
});
export type ContactAnswer = z.output<typeof contactAnswer>;
