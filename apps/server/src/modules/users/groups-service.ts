import {
  canChangePrivilege,
  canListUsers,
  canManageGroups,
  type GroupCreate,
  type GroupUpdate,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { isUniqueViolation } from '../sql.ts';
import { type ActorContext, loadActorContext, targetOf } from './actor.ts';
import { toUserSummary } from './core.ts';
import type { GroupRecord } from './groups-repo.ts';
import { type UsersRepo, usersRepo } from './repo.ts';

/**
 * The groups API (/v1/groups). The console keeps groups out of the menu ("groups are disabled"), but the API
 * works, with these rules (docs/decisions.md):
 * - A group is a named set of users of one domain (users.group_id) with at most one admin
 *   (groups.admin_user_id, also a member); an admin heads at most one group. The database holds both.
 * - Reading: those who may list users; a super sees their domain's groups, master every group (or one domain's),
 *   an admin only the group they head.
 * - Writing (create, rename, set the admin, members, delete): master, or a super in their domain: the roles that
 *   may move the admin role between users (privilege change), since a group's admin is that role.
 * - Members (POST /{id}/members) are the group's normal users, given as the whole list; the admin is set with
 *   admin_user_id or admin_code, never through the member list. A member keeps their parent admin: permissions
 *   follow the parent, the group is how a company organises its staff.
 * - Setting a group's admin makes that admin a member and removes the previous admin from the group.
 * - Deleting a group leaves its users as they are, without a group.
 */
export function groupsService(deps: { db: Db }) {
  const core = groupsCore(deps);
  return { ...groupReads(core), ...groupWrites(core) };
}

/** What the reads and the writes of groups share: the repository, the visibility rule, the admin rules, the answers. */
function groupsCore(deps: { db: Db }) {
  const { db } = deps;
  const repo = usersRepo(db);

  /** A group the actor may see, or 404. */
  async function visibleGroup(r: UsersRepo, c: ActorContext, id: string): Promise<GroupRecord> {
    const p = c.permission;
    enforce(canListUsers(p));
    const group = await r.findGroup(p.privilegeType === 'master' ? null : p.domainId, id);
    if (!group) throw new AppError('not_found');
    if (p.privilegeType === 'admin' && group.admin_user_id !== p.id) throw new AppError('not_found');
    return group;
  }

  /** The admin named by id or admin_code, live in the group's domain; a field error otherwise. */
  async function resolveAdmin(
    r: UsersRepo,
    c: ActorContext,
    domainId: string,
    input: { admin_user_id?: string | null | undefined; admin_code?: string | undefined },
  ): Promise<string | null | undefined> {
    if (input.admin_user_id === null) return null;
    let adminId: string | undefined;
    if (input.admin_user_id) {
      const user = await r.findUser({ kind: 'domain', domainId, selfId: '0' }, input.admin_user_id);
      adminId = user?.privilege_type === 'admin' ? user.id : undefined;
    } else if (input.admin_code) {
      const [match, second] = await r.findAdmins(domainId, [input.admin_code]);
      adminId = match && !second ? match.id : undefined;
    } else {
      return undefined;
    }
    // Someone the actor cannot see is as unknown as an id that does not exist.
    const admin = adminId ? await r.findUser(c.scope, adminId) : undefined;
    if (input.admin_user_id && !admin) {
      const anywhere = await r.findUser({ kind: 'domain', domainId, selfId: '0' }, input.admin_user_id);
      if (!anywhere) throw new AppError('not_found');
    }
    if (!admin) {
      throw new AppError('validation_failed', {
        fields: [
          fieldError(
            input.admin_user_id ? 'admin_user_id' : 'admin_code',
            'one_of',
            'Choose an admin user of the group’s domain.',
          ),
        ],
      });
    }
    // The change of who heads a group is a change of the admin role: the same rule as a privilege change.
    enforce(canChangePrivilege(c.permission, targetOf(admin)));
    return admin.id;
  }

  /** Make adminId (or nobody) the group's admin; the previous admin leaves the group. */
  async function setAdmin(r: UsersRepo, group: { id: string; admin_user_id: string | null }, adminId: string | null) {
    if (group.admin_user_id === adminId) return;
    if (adminId) {
      const heads = await r.groupOfAdmin(adminId);
      if (heads && heads.id !== group.id) {
        throw new AppError('conflict', {
          message: 'This admin already heads another group.',
          fields: [fieldError('admin_user_id', 'unique', 'This admin already heads another group.')],
        });
      }
    }
    if (group.admin_user_id) await r.setGroupOf([group.admin_user_id], null);
    await r.updateGroup(group.id, { adminUserId: adminId });
    if (adminId) await r.setGroupOf([adminId], group.id);
  }

  function mapGroupViolation(error: unknown): never {
    if (isUniqueViolation(error, 'groups_domain_name_key')) nameTaken();
    if (isUniqueViolation(error, 'groups_admin_user_key') || isUniqueViolation(error, 'users_one_admin_per_group')) {
      throw new AppError('conflict', { message: 'Only one admin exists per group of users.' });
    }
    throw error;
  }

  async function answer(id: string) {
    const group = await repo.findGroup(null, id);
    if (!group) throw new AppError('not_found');
    return toGroupAnswer(group);
  }

  async function members(actor: Actor, id: string) {
    const c = await loadActorContext(db, actor);
    const group = await visibleGroup(repo, c, id);
    const { items } = await repo.listUsers({
      scope: c.scope,
      privilegeTypes: ['admin', 'normal'],
      groupId: group.id,
      sort: 'name_asc',
      page: 1,
      limit: 10_000,
    });
    return { group: toGroupAnswer(group), members: items.map(toUserSummary) };
  }

  return { db, repo, visibleGroup, resolveAdmin, setAdmin, mapGroupViolation, answer, members };
}

type GroupsCore = ReturnType<typeof groupsCore>;

/** Groups listed and read, and a group's members. */
function groupReads(core: GroupsCore) {
  const { db, repo, visibleGroup, members } = core;
  return {
    members,

    async list(
      actor: Actor,
      q: { q?: string | undefined; domain_id?: string | undefined; page: number; limit: number },
    ) {
      const c = await loadActorContext(db, actor);
      const p = c.permission;
      enforce(canListUsers(p));
      const onlyGroupId = p.privilegeType === 'admin' ? ((await repo.groupOfAdmin(p.id))?.id ?? null) : undefined;
      const { items, total } = await repo.listGroups({
        domainId: p.privilegeType === 'master' ? (q.domain_id ?? null) : p.domainId,
        onlyGroupId,
        q: q.q,
        page: q.page,
        limit: q.limit,
      });
      return { items: items.map(toGroupAnswer), total, page: q.page, limit: q.limit };
    },

    async get(actor: Actor, id: string) {
      const c = await loadActorContext(db, actor);
      return toGroupAnswer(await visibleGroup(repo, c, id));
    },
  };
}

/** Groups created, renamed, given an admin, given members, deleted. */
function groupWrites(core: GroupsCore) {
  const { db, visibleGroup, resolveAdmin, setAdmin, mapGroupViolation, answer, members } = core;
  return {
    async create(actor: Actor, input: GroupCreate) {
      const c = await loadActorContext(db, actor);
      const p = c.permission;
      enforce(canManageGroups(p));
      const domainId = p.privilegeType === 'master' ? (input.domain_id ?? p.domainId) : p.domainId;
      if (input.domain_id && input.domain_id !== domainId) throw new AppError('forbidden');
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          if (!(await r.findDomain(domainId))) throw new AppError('not_found');
          const adminId = await resolveAdmin(r, c, domainId, input);
          if (await r.groupNameTaken(domainId, input.name)) nameTaken();
          const admin = adminId ? await r.findUser({ kind: 'all' }, adminId) : undefined;
          const { id: groupId } = await r.insertGroup({
            domainId,
            companyId: admin?.company_id ?? (p.domainId === domainId ? p.companyId : null),
            name: input.name,
            adminUserId: null,
          });
          if (adminId) await setAdmin(r, { id: groupId, admin_user_id: null }, adminId);
          return groupId;
        })
        .catch(mapGroupViolation);
      return answer(id);
    },

    async update(actor: Actor, id: string, input: GroupUpdate) {
      const c = await loadActorContext(db, actor);
      enforce(canManageGroups(c.permission));
      await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          const group = await visibleGroup(r, c, id);
          if (input.name !== undefined && input.name.toLowerCase() !== group.name.toLowerCase()) {
            if (await r.groupNameTaken(group.domain_id, input.name, group.id)) nameTaken();
          }
          if (input.name !== undefined) await r.updateGroup(group.id, { name: input.name });
          const adminId = await resolveAdmin(r, c, group.domain_id, input);
          if (adminId !== undefined) await setAdmin(r, group, adminId);
        })
        .catch(mapGroupViolation);
      return answer(id);
    },

    async remove(actor: Actor, id: string): Promise<{ deleted: number }> {
      const c = await loadActorContext(db, actor);
      enforce(canManageGroups(c.permission));
      await db.transaction().execute(async (trx) => {
        const r = usersRepo(trx);
        const group = await visibleGroup(r, c, id);
        await r.deleteGroup(group.id);
      });
      return { deleted: 1 };
    },

    /** Replace the group's normal members with the given users. */
    async setMembers(actor: Actor, id: string, userIds: readonly string[]) {
      const c = await loadActorContext(db, actor);
      enforce(canManageGroups(c.permission));
      await db.transaction().execute(async (trx) => {
        const r = usersRepo(trx);
        const group = await visibleGroup(r, c, id);
        const users = await r.lockUsers(c.scope, userIds);
        // Users the actor cannot see are unknown ids (404); visible users of the wrong kind are a field error.
        if (users.length !== userIds.length) throw new AppError('not_found');
        const wrong = userIds.filter((uid) => {
          const u = users.find((x) => x.id === uid);
          return !u || u.domain_id !== group.domain_id || u.privilege_type !== 'normal';
        });
        if (wrong.length > 0) {
          throw new AppError('validation_failed', {
            fields: [
              fieldError(
                'user_ids',
                'one_of',
                `Members are normal users of the group's domain (not: ${wrong.join(', ')}). The admin is set with admin_user_id.`,
              ),
            ],
          });
        }
        const current = await r.groupMemberIds(group.id);
        const keep = new Set([...userIds, ...(group.admin_user_id ? [group.admin_user_id] : [])]);
        await r.setGroupOf(
          current.filter((m) => !keep.has(m)),
          null,
        );
        await r.setGroupOf(userIds, group.id);
        await r.updateGroup(group.id, {});
      });
      return members(actor, id);
    },
  };
}

function nameTaken(): never {
  throw new AppError('conflict', {
    message: 'A group with this name already exists.',
    fields: [fieldError('name', 'unique', 'A group with this name already exists.')],
  });
}

export type GroupsService = ReturnType<typeof groupsService>;

function toGroupAnswer(g: GroupRecord) {
  return {
    id: g.id,
    domain_id: g.domain_id,
    company_id: g.company_id,
    name: g.name,
    admin_user_id: g.admin_user_id,
    admin_name: g.admin_name,
    admin_email: g.admin_email,
    member_count: Number(g.member_count ?? 0),
    created_at: g.created_at.toISOString(),
    updated_at: g.updated_at.toISOString(),
  };
}
