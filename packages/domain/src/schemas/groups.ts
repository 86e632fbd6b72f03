import { z } from 'zod';
import { idSchema } from './common.ts';
import { pageOf, pageQuery, searchText } from './lists.ts';
import { adminCodeSchema, userSummary, userText } from './users.ts';

/** Groups (`/v1/groups...`): an admin and the normal users of their group. */

export const groupAnswer = z.object({
  id: z.string(),
  domain_id: z.string(),
  company_id: z.string().nullable(),
  name: z.string(),
  admin_user_id: z.string().nullable(),
  admin_name: z.string().nullable(),
  admin_email: z.string().nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupAnswer = z.output<typeof groupAnswer>;

export const groupPage = pageOf(groupAnswer);

export const groupCreateBody = z
  .object({
    name: userText().min(1),
    /** The admin who heads the group, by e-mail address or login code; or by id. */
    admin_code: adminCodeSchema.optional(),
    admin_user_id: idSchema.optional(),
    /** Master only. */
    domain_id: idSchema.optional(),
  })
  .strict();
export type GroupCreate = z.output<typeof groupCreateBody>;

export const groupUpdateBody = z
  .object({
    name: userText().min(1).optional(),
    admin_code: adminCodeSchema.optional(),
    /** null removes the group's admin. */
    admin_user_id: idSchema.nullable().optional(),
  })
  .strict();
export type GroupUpdate = z.output<typeof groupUpdateBody>;

export const groupListQuery = pageQuery.extend({
  q: searchText.optional(),
  domain_id: idSchema.optional(),
});

export const membersBody = z
  .object({
    user_ids: z
      .array(idSchema)
      .max(10_000)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'An id is listed twice.' }),
  })
  .strict();

export const membersAnswer = z.object({ group: groupAnswer, members: z.array(userSummary) });
