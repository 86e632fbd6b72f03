import {
  knownHostFlags,
  shopCodeOnHost,
  USERGROUPS_MAX_USERS,
  type UsergroupMember,
  type UsergroupsAnswer,
  type usergroupsQuery,
} from '@spinyard/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../auth/service.ts';
import { loadActorContext } from './actor.ts';
import { aliasNames } from './core.ts';
import { type UserRecord, usersRepo } from './repo.ts';

function memberOf(u: UserRecord): UsergroupMember {
  return {
    id: u.id,
    name: u.name,
    display_name: u.display_name || u.name,
    email: u.email,
    privilege_type: u.privilege_type,
    shop_code: shopCodeOnHost(
      { shop_code: u.shop_code, username_alias: aliasNames(u.username_alias) },
      knownHostFlags(u.domain_host_flags),
    ),
  };
}

/**
 * The caller's groups of users (`/usergroups`, schemas/usergroups.ts): each admin with the normal users under them,
 * then the users in no admin's group. Whom the caller sees is the users area's scope; a search keeps the users it
 * matches and their groups' admins, so a matching normal user is never shown without the group they belong to.
 */
export function usergroupsService(deps: { db: Db }) {
  const repo = usersRepo(deps.db);
  return {
    async usergroups(actor: Actor, query: z.output<typeof usergroupsQuery>): Promise<UsergroupsAnswer> {
      const c = await loadActorContext(deps.db, actor);
      const p = c.permission;
      // Master reaches every tenant, one at a time; anyone else sees their own domain whatever they send.
      const domainId = p.privilegeType === 'master' ? (query.domain_id ?? p.domainId) : p.domainId;
      const list = (q: string | undefined) =>
        repo.listUsers({
          scope: c.scope,
          privilegeTypes: ['super', 'admin', 'normal'],
          q,
          domainId,
          sort: 'name_asc',
          page: 1,
          limit: USERGROUPS_MAX_USERS,
        });
      const everyone = (await list(undefined)).items;
      const matching = query.q ? new Set((await list(query.q)).items.map((u) => u.id)) : undefined;
      const shown = (u: UserRecord) => matching === undefined || matching.has(u.id);

      const groups = new Map<string, { admin: UsergroupMember; users: UsergroupMember[]; hit: boolean }>();
      for (const u of everyone) {
        if (u.privilege_type === 'admin') groups.set(u.id, { admin: memberOf(u), users: [], hit: shown(u) });
      }
      const loose: UsergroupMember[] = [];
      let total = 0;
      for (const u of everyone) {
        if (u.privilege_type === 'admin' || !shown(u)) continue;
        const group = u.parent_user_id ? groups.get(u.parent_user_id) : undefined;
        if (group) {
          group.users.push(memberOf(u));
          group.hit = true;
        } else {
          loose.push(memberOf(u));
        }
        total += 1;
      }
      const items = [...groups.values()].filter((g) => g.hit).map(({ admin, users }) => ({ admin, users }));
      total += items.length;
      return { items: loose.length > 0 ? [...items, { admin: null, users: loose }] : items, total };
    },
  };
}

export type UsergroupsService = ReturnType<typeof usergroupsService>;
