import { z } from 'zod';
import { PRIVILEGE_TYPES } from '../roles.ts';
import { idSchema } from './common.ts';
import { searchText } from './lists.ts';

/**
 * `GET /api/browser/v0/usergroups` (second document section 7; its shape is not shown, so ours, docs/decisions.md
 * "Tenancy: white-label hosts"): the groups of users the caller reaches, as the content screens pick an owner or a
 * meeting's host from them. Groups as entities are disabled (first document section 2), so a group here is the
 * spec's "group of users": one admin and the normal users under them. Super users belong to no admin's group and
 * are listed in the group without an admin. Master reaches every tenant and names one with `domain_id` (their own
 * domain without it).
 */

export const USERGROUPS_MAX_USERS = 20_000;

export const usergroupsQuery = z.object({
  q: searchText.optional(),
  domain_id: idSchema.optional(),
});
export type UsergroupsQuery = z.input<typeof usergroupsQuery>;

export const usergroupMember = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  email: z.string(),
  privilege_type: z.enum(PRIVILEGE_TYPES),
  /** On the bike-site host, the user's first username alias. */
  shop_code: z.string(),
});
export type UsergroupMember = z.output<typeof usergroupMember>;

export const usergroup = z.object({
  /** The admin heading the group; null for the users in no admin's group (super users). */
  admin: usergroupMember.nullable(),
  users: z.array(usergroupMember),
});

export const usergroupsAnswer = z.object({
  items: z.array(usergroup),
  /** The users listed, admins included. */
  total: z.number().int(),
});
export type UsergroupsAnswer = z.output<typeof usergroupsAnswer>;
