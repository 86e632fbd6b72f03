import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, isPageSize, PAGE_SIZES } from '../constants.ts';
import { ruleIssue } from './field-errors.ts';

/**
 * What every list route shares: the page and page size it is asked for, and the page it answers. Page numbers
 * are bounded so that an absurd one is a 422, not an offset PostgreSQL refuses.
 */

export const PAGE_MAX = 1_000_000;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine(isPageSize, ruleIssue('one_of', `The page size is one of ${PAGE_SIZES.join(', ')}.`))
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuery>;

/**
 * Longest search text of every list. The search boxes stop typing there (`maxLength`), so a pasted novel never
 * reaches the server as an over-long address; the server refuses more with 422 on the field `q`.
 */
export const SEARCH_MAX_LENGTH = 100;

/** The `q` of a list query: trimmed, at most SEARCH_MAX_LENGTH characters. */
export const searchText = z.string().trim().max(SEARCH_MAX_LENGTH);

/**
 * The keywords of a search text: separated by commas (half- or full-width, or the Japanese 、), trimmed, empty
 * and repeated ones (ignoring case) dropped. A row matches when it matches every keyword.
 */
export function splitKeywords(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[,、，]/)) {
    const word = part.trim();
    if (word !== '' && !out.some((w) => w.toLowerCase() === word.toLowerCase())) out.push(word);
  }
  return out;
}

/** One page of a list answer. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

const pageFrame = pageOf(z.unknown());
/** The page answer of any list, as the console reads it. */
export type PageOf<T> = Omit<z.output<typeof pageFrame>, 'items'> & { items: T[] };
