import { z } from 'zod';
import { idSchema } from './common.ts';
import { SEARCH_MAX_LENGTH } from './lists.ts';

/** Path parameters most routes share. */

export const idParams = z.object({ id: idSchema });

/** A search word in the path (`/search/{q}`): not empty, bounded like the search boxes. */
export const searchParams = z.object({ q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH) });

/** The token of a mailed link (password reset, activation, e-mail change). */
export const tokenParams = z.object({ token: z.string().max(200).describe('The token from the mailed link.') });
