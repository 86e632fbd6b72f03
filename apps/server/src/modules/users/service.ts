import {
  canAddUser,
  canChangePrivilege,
  canDeleteUser,
  canEditUser,
  canListUsers,
  canSeeUser,
  canToggleUser,
  canTransitionUserStatus,
  type PermissionActor,
  type PrivilegeType,
  type PrivilegeUpdate,
  type PrivilegeUser,
  planPrivilegeChange,
  type Registration,
  type SubordinateCreate,
  type SubordinateUpdate,
  type SuperuserCreate,
  type SuperuserListQuery,
  type SuperuserUpdate,
  type UserAnswer,
  type UserListQuery,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import { credentials } from '../auth/credentials-service.ts';
import { hashPassword, NO_PASSWORD_YET } from '../auth/passwords.ts';
import { MAIL_REQUEST_THROTTLE } from '../auth/rate-limit.ts';
import type { Actor } from '../auth/service.ts';
import { isUniqueViolation } from '../sql.ts';
import { tenantRecords } from '../tenancy/tenants-service.ts';
import { type ActorContext, loadActorContext, targetOf } from './actor.ts';
import { type UserListFilter, type UserRecord, type UserScope, type UsersRepo, usersRepo } from './repo.ts';

/**
 * Sends the activation mail of a user waiting for approval (the link opens `{origin}/user/activation/{token}`);
 * `origin` is the request's Origin header, used only when it is the user's domain or the public URL. Answers
 * whether a mail went out.
 */
export type SendActivation = (userId: string, origin: string | undefined) => Promise<boolean>;

export interface UsersServiceDeps {
  db: Db;
  sendActivation: SendActivation | undefined;
  log?: (msg: string, fields: Record<string, unknown>) => void;
}

const SUBORDINATE_TYPES: readonly PrivilegeType[] = ['admin', 'normal'];

export function toUserAnswer(u: UserRecord): UserAnswer {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    first_name: u.first_name,
    last_name: u.last_name,
    display_name: u.display_name || u.name,
    privilege_type: u.privilege_type,
    status: u.status,
    domain_id: u.domain_id,
    domain_host: u.domain_host,
    company_id: u.company_id,
    company_name: u.company_name,
    parent_user_id: u.parent_user_id,
    parent_name: u.parent_name,
    parent_email: u.parent_email,
    group_id: u.group_id,
    group_name: u.group_name,
    company_section: u.company_section,
    phone: u.phone,
    car_limit: u.car_limit,
    login_code: u.login_code,
    shop_code: u.shop_code,
    corporation_code: u.corporation_code,
    store_name: u.store_name,
    department: u.department,
    job_number: u.job_number,
    authorizer_job_number: u.authorizer_job_number,
    is_pay_by_credit: u.is_pay_by_credit,
    two_step_auth: u.two_step_auth,
    two_step_forced: u.two_step_forced,
    login_limit_count: u.login_limit_count,
    last_login_at: u.last_login_at?.toISOString() ?? null,
    activated_at: u.activated_at?.toISOString() ?? null,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

export function toUserSummary(u: UserRecord) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    display_name: u.display_name || u.name,
    privilege_type: u.privilege_type,
    status: u.status,
    parent_user_id: u.parent_user_id,
    company_name: u.company_name,
  };
}

/** A user the actor can see, or 404: the SQL scope and canSeeUser must both agree. */
export async function visibleUser(repo: UsersRepo, c: ActorContext, id: string): Promise<UserRecord> {
  const user = await repo.findUser(c.scope, id);
  if (!user) throw new AppError('not_found');
  enforce(canSeeUser(c.permission, targetOf(user)));
  return user;
}

const PARENT_MESSAGE = 'The parent must be another admin user of the same domain.';

/** Unique e-mail, whatever its letter case; the race between check and insert is caught by the index too. */
async function assertEmailFree(repo: UsersRepo, email: string, exceptUserId?: string): Promise<void> {
  if (await repo.emailTaken(email, exceptUserId)) {
    throw new AppError('email_already_registered', {
      fields: [fieldError('email', 'unique', 'This e-mail address is already registered.')],
    });
  }
}

function mapUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) {
    throw new AppError('email_already_registered', {
      fields: [fieldError('email', 'unique', 'This e-mail address is already registered.')],
    });
  }
  if (isUniqueViolation(error, 'users_one_admin_per_group') || isUniqueViolation(error, 'groups_admin_user_key')) {
    throw new AppError('conflict', { message: 'Only one admin exists per group of users.' });
  }
  throw error;
}

export function usersService(deps: UsersServiceDeps) {
  const { db } = deps;
  const repo = usersRepo(db);
  const log = deps.log ?? (() => undefined);
  const context = (actor: Actor) => loadActorContext(db, actor);

  /**
   * The parent admin named by id or by admin_code (their e-mail or login code), in the given domain; a field
   * error when it is not a live admin there.
   */
  async function resolveParent(
    r: UsersRepo,
    domainId: string,
    input: { parent_user_id?: string | null | undefined; admin_code?: string | undefined },
  ): Promise<UserRecord | undefined> {
    if (input.parent_user_id) {
      const parent = await r.findUser({ kind: 'domain', domainId, selfId: '0' }, input.parent_user_id);
      // Not in the domain at all: as unknown as any id that does not exist, so another tenant's ids reveal nothing.
      if (!parent)
        throw new AppError('not_found', { fields: [fieldError('parent_user_id', 'one_of', PARENT_MESSAGE)] });
      if (parent.privilege_type !== 'admin') {
        throw new AppError('privilege_change_invalid_parent', {
          fields: [fieldError('parent_user_id', 'one_of', PARENT_MESSAGE)],
        });
      }
      return parent;
    }
    if (input.admin_code) {
      const [match, second] = await r.findAdmins(domainId, [input.admin_code]);
      // Two admins answering one code (one's e-mail is another's login code) is ambiguous: refuse rather than guess.
      const parent = match && !second ? await r.findUser({ kind: 'all' }, match.id) : undefined;
      if (!parent) {
        throw new AppError('privilege_change_invalid_parent', {
          fields: [fieldError('admin_code', 'one_of', PARENT_MESSAGE)],
        });
      }
      return parent;
    }
    return undefined;
  }

  async function companyIn(r: UsersRepo, domainId: string, companyId: string): Promise<string> {
    const company = await r.findCompany(domainId, companyId);
    if (!company) {
      throw new AppError('validation_failed', {
        fields: [fieldError('company_id', 'one_of', 'Choose a company of the user’s domain.')],
      });
    }
    return company.id;
  }

  async function answerFor(id: string): Promise<UserAnswer> {
    const user = await repo.findUser({ kind: 'all' }, id);
    if (!user) throw new AppError('not_found');
    return toUserAnswer(user);
  }

  async function sendActivationSafely(userId: string, requestOrigin: string | undefined): Promise<boolean> {
    if (!deps.sendActivation) return false;
    try {
      return await deps.sendActivation(userId, requestOrigin);
    } catch (error) {
      // The account exists either way; the activation can be resent from the activation screen.
      log('Activation mail failed', { userId, error: String(error) });
      return false;
    }
  }

  /** One page of a user list, each row as the route answers it. */
  async function listPage<T>(filter: UserListFilter, answer: (u: UserRecord) => T) {
    const { items, total } = await repo.listUsers(filter);
    return { items: items.map(answer), total, page: filter.page, limit: filter.limit };
  }

  /**
   * Delete users, all or none. Each must be deletable by the actor; none may own a vehicle that is being
   * processed; an admin's normal users must be deleted with them or moved first. Deleting sets deleted_at (the
   * row stays for the vehicles that point at it, the e-mail is free again) and ends every session.
   */
  async function deleteUsers(
    actor: Actor,
    ids: readonly string[],
    options: { bulk: boolean } = { bulk: true },
  ): Promise<{ deleted: number }> {
    const c = await context(actor);
    return db.transaction().execute(async (trx) => {
      const r = usersRepo(trx);
      const locked = await r.lockUsers(c.scope, ids);
      if (locked.length !== ids.length) throw new AppError('not_found');
      // Permission first, as if nothing were processing, so a refused caller learns nothing about the vehicles.
      for (const u of locked) enforce(canDeleteUser(c.permission, targetOf(u), { hasProcessingContent: false }));
      const processing = new Set(await r.usersWithProcessingContent(ids));
      // The catalogue's batch message: the whole deletion is cancelled, not only the busy users' part.
      if (options.bulk && processing.size > 0) throw new AppError('bulk_delete_processing');
      for (const u of locked) {
        enforce(canDeleteUser(c.permission, targetOf(u), { hasProcessingContent: processing.has(u.id) }));
      }
      const deleting = new Set(ids);
      for (const u of locked.filter((x) => x.privilege_type === 'admin')) {
        const orphans = (await r.childIds(u.id)).filter((child) => !deleting.has(child));
        if (orphans.length > 0) {
          throw new AppError('admin_has_users');
        }
      }
      await r.softDeleteUsers(ids);
      await credentials(trx).endSessionsOf(ids);
      return { deleted: ids.length };
    });
  }

  return {
    context,

    // ---- Subordinates (admins and normal users) -------------------------------------------------------------

    async listSubordinates(actor: Actor, q: UserListQuery) {
      const c = await context(actor);
      enforce(canListUsers(c.permission));
      return listPage(
        {
          scope: c.scope,
          privilegeTypes: q.privilege_type ? [q.privilege_type] : SUBORDINATE_TYPES,
          q: q.q,
          status: q.status,
          parentUserId: q.parent_user_id,
          groupId: q.group_id,
          // Only master chooses a tenant; everyone else's scope already is theirs.
          domainId: c.permission.privilegeType === 'master' ? q.domain_id : undefined,
          // The list is of the people one manages; an admin's own row is their profile.
          excludeUserId: c.permission.id,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        },
        toUserAnswer,
      );
    },

    async getUser(actor: Actor, id: string): Promise<UserAnswer> {
      const c = await context(actor);
      const user = await visibleUser(repo, c, id);
      // One's own row is one's profile; anyone else's needs the user screens.
      if (user.id !== c.permission.id) enforce(canListUsers(c.permission));
      return toUserAnswer(user);
    },

    async createSubordinate(actor: Actor, input: SubordinateCreate): Promise<UserAnswer> {
      const c = await context(actor);
      const p = c.permission;
      enforce(canAddUser(p));
      if (input.privilege_type === 'admin' && (input.parent_user_id || input.admin_code)) {
        throw new AppError('validation_failed', {
          fields: [fieldError('parent_user_id', 'format', 'Only normal users have a parent user.')],
        });
      }
      // Another tenant's domain is refused before anything there is looked up.
      if (input.domain_id && input.domain_id !== p.domainId) {
        enforce(canAddUser(p, { privilegeType: input.privilege_type, domainId: input.domain_id, parentUserId: null }));
      }
      let domainId = input.domain_id ?? p.domainId;
      if (p.privilegeType === 'master' && !input.domain_id && input.parent_user_id) {
        // Master names a parent anywhere: the new user joins the parent's domain.
        domainId = (await repo.findUser({ kind: 'all' }, input.parent_user_id))?.domain_id ?? domainId;
      }
      const domain = await repo.findDomain(domainId);
      if (!domain) throw new AppError('not_found');

      let parent: UserRecord | undefined;
      if (input.privilege_type === 'normal') {
        // An admin adds normal users under themself unless they name someone (who must then be themself).
        const named =
          input.parent_user_id || input.admin_code
            ? input
            : { parent_user_id: p.privilegeType === 'admin' ? p.id : null };
        parent = await resolveParent(repo, domainId, named);
        if (!parent) {
          throw new AppError('privilege_change_parent_required', {
            fields: [fieldError('parent_user_id', 'required', 'Choose the admin user this user belongs to.')],
          });
        }
      }
      enforce(canAddUser(p, { privilegeType: input.privilege_type, domainId, parentUserId: parent?.id ?? null }));

      const companyId = input.company_id
        ? await companyIn(repo, domainId, input.company_id)
        : (parent?.company_id ??
          (p.companyId && p.domainId === domainId ? p.companyId : ((await repo.findCompany(domainId))?.id ?? null)));
      await assertEmailFree(repo, input.email);
      const passwordHash = await hashPassword(input.password);

      const { id } = await repo
        .insertUser({
          domain_id: domainId,
          company_id: companyId,
          parent_user_id: parent?.id ?? null,
          group_id: parent?.group_id ?? null,
          email: input.email,
          password_hash: passwordHash,
          name: input.name,
          first_name: input.first_name ?? '',
          last_name: input.last_name ?? '',
          display_name: input.display_name || input.name,
          privilege_type: input.privilege_type,
          // The creator set the password, so there is nothing to confirm: the user may sign in at once.
          status: 'active',
          activated_at: new Date(),
          company_section: input.company_section ?? '',
          phone: input.phone ?? '',
          car_limit: input.car_limit ?? null,
          login_code: input.login_code ?? '',
          shop_code: input.shop_code ?? '',
          corporation_code: input.corporation_code ?? '',
          store_name: input.store_name ?? '',
          department: input.department ?? '',
          job_number: input.job_number ?? '',
          authorizer_job_number: input.authorizer_job_number ?? '',
          two_step_forced: input.two_step_forced ?? false,
          login_limit_count: input.login_limit_count ?? null,
          payment_failed_at: null,
          last_login_at: null,
        })
        .catch(mapUniqueViolation);
      return answerFor(id);
    },

    async updateSubordinate(actor: Actor, id: string, input: SubordinateUpdate): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      enforce(canEditUser(c.permission, targetOf(target)));
      const isSelf = target.id === c.permission.id;
      // Raising one's own vehicle or login limit, lifting one's forced two-step sign-in or choosing one's own
      // admin would be a way around the person above; those belong to whoever manages this user.
      if (isSelf && c.permission.privilegeType !== 'master') {
        const locked = (
          ['car_limit', 'login_limit_count', 'two_step_forced', 'parent_user_id', 'admin_code', 'company_id'] as const
        ).filter((k) => input[k] !== undefined);
        if (locked.length > 0) {
          throw new AppError('self_action_not_allowed', {
            fields: locked.map((k) => fieldError(k, 'forbidden', 'You cannot change this on your own account.')),
          });
        }
      }

      const values: UserUpdate = {};
      if (input.parent_user_id || input.admin_code) {
        if (target.privilege_type !== 'normal') {
          throw new AppError('validation_failed', {
            fields: [fieldError('parent_user_id', 'format', 'Only normal users have a parent user.')],
          });
        }
        const parent = await resolveParent(repo, target.domain_id, input);
        if (parent) {
          // May this actor place a normal user under that admin? The same question as adding one there.
          enforce(
            canAddUser(c.permission, { privilegeType: 'normal', domainId: target.domain_id, parentUserId: parent.id }),
          );
          values.parent_user_id = parent.id;
          values.group_id = parent.group_id;
        }
      }
      if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
        await assertEmailFree(repo, input.email, target.id);
        values.email = input.email;
      }
      if (input.company_id !== undefined) values.company_id = await companyIn(repo, target.domain_id, input.company_id);
      for (const key of [
        'name',
        'first_name',
        'last_name',
        'display_name',
        'company_section',
        'phone',
        'login_code',
        'shop_code',
        'corporation_code',
        'store_name',
        'department',
        'job_number',
        'authorizer_job_number',
      ] as const) {
        const v = input[key];
        if (v !== undefined) values[key] = v;
      }
      if (input.car_limit !== undefined) values.car_limit = input.car_limit;
      if (input.login_limit_count !== undefined) values.login_limit_count = input.login_limit_count;
      if (input.two_step_forced !== undefined) values.two_step_forced = input.two_step_forced;
      const passwordChanged = input.password !== undefined;
      if (input.password !== undefined) values.password_hash = await hashPassword(input.password);

      await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          await r.updateUser(target.id, values);
          // A password set by someone else ends the user's sessions: whoever knew the old one is signed out.
          if (passwordChanged && !isSelf) await credentials(trx).endSessionsOf([target.id]);
        })
        .catch(mapUniqueViolation);
      return answerFor(target.id);
    },

    /** Enable (active) or disable (inactive) a user; disabling ends their sessions at once. */
    async setStatus(actor: Actor, id: string, status: 'active' | 'inactive'): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      enforce(canToggleUser(c.permission, targetOf(target)));
      const move = canTransitionUserStatus(target.status, status);
      if (!move.ok) {
        throw new AppError('invalid_state_transition', {
          message: `A user in status ${target.status} cannot become ${status}.`,
        });
      }
      await db.transaction().execute(async (trx) => {
        const r = usersRepo(trx);
        await r.updateUser(target.id, {
          status,
          ...(status === 'active' && !target.activated_at ? { activated_at: new Date() } : {}),
        });
        if (status === 'inactive') await credentials(trx).endSessionsOf([target.id]);
      });
      return answerFor(target.id);
    },

    deleteUsers,

    async deleteUser(actor: Actor, id: string): Promise<{ deleted: number }> {
      return deleteUsers(actor, [id], { bulk: false });
    },

    /**
     * GET /v1/users. With same_privileges: the users of the caller's role in their reach (transfer recipients and
     * similar pickers): master the other masters; super the other supers of their domain; admin the other admins
     * of their domain; normal the other normal users under the same admin. Without it: every user the caller can
     * see, themself included.
     */
    async users(actor: Actor, q: { samePrivileges: boolean; q?: string | undefined; page: number; limit: number }) {
      const c = await context(actor);
      const p = c.permission;
      const filter = q.samePrivileges
        ? peersFilter(p)
        : {
            scope: c.scope,
            privilegeTypes: (p.privilegeType === 'master'
              ? ['master', 'super', 'admin', 'normal']
              : ['super', 'admin', 'normal']) as PrivilegeType[],
          };
      return listPage(
        {
          ...filter,
          q: q.q,
          status: 'active',
          sort: 'name_asc',
          page: q.page,
          limit: q.limit,
        },
        toUserSummary,
      );
    },

    // ---- Privilege change ------------------------------------------------------------------------------------

    async changePrivilege(
      actor: Actor,
      id: string,
      input: { privilege_type: 'admin' | 'normal'; parent_user_id?: string | null | undefined },
    ) {
      const c = await context(actor);
      const changed = await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          const [target] = await r.lockUsers(c.scope, [id]);
          if (!target) throw new AppError('not_found');
          enforce(canChangePrivilege(c.permission, targetOf(target)));

          // Everyone the change can touch, locked in one go so a concurrent change waits for this one.
          const parentId = target.parent_user_id;
          const involvedIds = new Set<string>([
            ...(await r.childIds(target.id)),
            ...(parentId ? [parentId, ...(await r.childIds(parentId))] : []),
            ...(input.parent_user_id ? [input.parent_user_id] : []),
          ]);
          involvedIds.delete(target.id);
          const involved = await r.lockUsers(c.scope, [...involvedIds]);
          // A new parent the actor cannot see is as unknown as an id that does not exist.
          const newParentId = input.parent_user_id;
          if (newParentId && newParentId !== target.id && !involved.some((u) => u.id === newParentId)) {
            throw new AppError('not_found', {
              fields: [fieldError('parent_user_id', 'one_of', PARENT_MESSAGE)],
            });
          }
          const plan = planPrivilegeChange({
            target: privilegeUser(target),
            to: input.privilege_type,
            newParentId: input.parent_user_id ?? null,
            users: involved.map(privilegeUser),
          });
          if (!plan.ok) {
            const field =
              plan.reason === 'privilege_change_parent_required' || plan.reason === 'privilege_change_invalid_parent'
                ? [
                    fieldError(
                      'parent_user_id',
                      plan.reason === 'privilege_change_parent_required' ? 'required' : 'one_of',
                      PARENT_MESSAGE,
                    ),
                  ]
                : undefined;
            throw new AppError(plan.reason, field ? { fields: field } : {});
          }

          const groupMoves = await groupMovesOf(
            r,
            input.privilege_type,
            target,
            input.parent_user_id ?? null,
            plan.updates,
          );
          // Demotions first: the database keeps one admin per group at every statement, not only at commit.
          for (const u of orderUpdates(plan.updates)) {
            await r.updateUser(u.userId, {
              ...(u.privilegeType !== undefined ? { privilege_type: u.privilegeType } : {}),
              ...(u.parentUserId !== undefined ? { parent_user_id: u.parentUserId } : {}),
              ...(u.carLimit !== undefined ? { car_limit: u.carLimit } : {}),
            });
          }
          await groupMoves();
          const after = await r.lockUsers(
            { kind: 'all' },
            plan.updates.map((u) => u.userId),
          );
          return after.map((u) => ({
            id: u.id,
            privilege_type: u.privilege_type,
            parent_user_id: u.parent_user_id,
            car_limit: u.car_limit,
          }));
        })
        .catch(mapUniqueViolation);
      return { user: await answerFor(id), changed };
    },

    // ---- Super users ---------------------------------------------------------------------------------------

    async listSuperusers(actor: Actor, q: SuperuserListQuery) {
      const c = await context(actor);
      enforce(canManageSuperusers(c.permission));
      return listPage(
        {
          scope: c.scope,
          privilegeTypes: ['super'],
          q: q.q,
          status: q.status,
          domainId: q.domain_id,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        },
        toUserAnswer,
      );
    },

    async getSuperuser(actor: Actor, id: string): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      if (target.privilege_type !== 'super') throw new AppError('not_found');
      enforce(canEditUser(c.permission, targetOf(target)));
      return toUserAnswer(target);
    },

    /**
     * Master registers a super user in a domain, waiting for approval until they open the activation mail. The
     * password is the one master gives (to pass on to the customer), or else one nobody knows, as for a new
     * domain's super user: they then choose theirs with "forgot password" after activating.
     */
    async createSuperuser(actor: Actor, input: SuperuserCreate, requestOrigin: string | undefined) {
      const c = await context(actor);
      enforce(canAddUser(c.permission, { privilegeType: 'super', domainId: input.domain_id, parentUserId: null }));
      const domain = await repo.findDomain(input.domain_id);
      if (!domain) throw new AppError('domain_not_registered');
      if (domain.status === 'deleting') throw new AppError('domain_deleting');
      await assertEmailFree(repo, input.email);
      const passwordHash = input.password ? await hashPassword(input.password) : NO_PASSWORD_YET;

      const { id } = await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          let companyId: string;
          if (input.company_id) {
            companyId = await companyIn(r, domain.id, input.company_id);
          } else {
            const hq = await r.findCompany(domain.id);
            companyId =
              hq?.id ??
              (
                await tenantRecords(trx).createCompany({
                  domainId: domain.id,
                  name: input.company_name ?? domain.service_name,
                })
              ).id;
          }
          await assertEmailFree(r, input.email);
          return r.insertUser({
            domain_id: domain.id,
            company_id: companyId,
            parent_user_id: null,
            email: input.email,
            password_hash: passwordHash,
            name: input.name,
            first_name: input.first_name ?? '',
            last_name: input.last_name ?? '',
            display_name: input.display_name || input.name,
            privilege_type: 'super',
            status: 'approval_pending',
            phone: input.phone ?? '',
            car_limit: input.car_limit ?? null,
            is_pay_by_credit: input.is_pay_by_credit ?? false,
            login_limit_count: null,
            payment_failed_at: null,
            last_login_at: null,
          });
        })
        .catch(mapUniqueViolation);
      const activationMailSent = await sendActivationSafely(id, requestOrigin);
      return { user: await answerFor(id), activation_mail_sent: activationMailSent };
    },

    async updateSuperuser(actor: Actor, id: string, input: SuperuserUpdate): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      if (target.privilege_type !== 'super') throw new AppError('not_found');
      enforce(canEditUser(c.permission, targetOf(target)));
      // The contract's terms (vehicle limit, card payment, device limit) are the operator's to set.
      if (c.permission.privilegeType !== 'master') {
        const locked = (['car_limit', 'is_pay_by_credit', 'login_limit_count', 'two_step_forced'] as const).filter(
          (k) => input[k] !== undefined,
        );
        if (locked.length > 0) {
          throw new AppError('forbidden', {
            fields: locked.map((k) => fieldError(k, 'forbidden', 'Only the operator changes this.')),
          });
        }
      }
      const values: UserUpdate = {};
      if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
        await assertEmailFree(repo, input.email, target.id);
        values.email = input.email;
      }
      for (const key of ['name', 'first_name', 'last_name', 'display_name', 'company_section', 'phone'] as const) {
        const v = input[key];
        if (v !== undefined) values[key] = v;
      }
      if (input.car_limit !== undefined) values.car_limit = input.car_limit;
      if (input.is_pay_by_credit !== undefined) values.is_pay_by_credit = input.is_pay_by_credit;
      if (input.login_limit_count !== undefined) values.login_limit_count = input.login_limit_count;
      if (input.two_step_forced !== undefined) values.two_step_forced = input.two_step_forced;
      await repo.updateUser(target.id, values).catch(mapUniqueViolation);
      return answerFor(target.id);
    },

    /**
     * GET /superusers-user: the super user who holds the caller's contract: the super of the caller's company, or
     * of its headquarters when the company is a branch. A super gets themself; master, and users of a company
     * without a super user, get 404. The answer is a contact card (name, e-mail, company), which every member of
     * the company may read.
     */
    async superOfCaller(actor: Actor) {
      const c = await context(actor);
      const p = c.permission;
      if (p.privilegeType === 'super') {
        const self = await repo.findUser(c.scope, p.id);
        if (self) return toContact(self);
      }
      const found = p.privilegeType !== 'master' && p.companyId ? await repo.superOfCompany(p.companyId) : undefined;
      if (found?.domain_id !== p.domainId) throw new AppError('not_found');
      return toContact(found);
    },

    /**
     * Contract cancellation: the super user's status becomes cancel_pending; service and billing continue until
     * the term end, when the billing job cancels the contract. The super themself or master; terms must be
     * accepted.
     */
    async cancelSuperuser(actor: Actor, id: string, acceptTerms: boolean): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      if (target.privilege_type !== 'super') throw new AppError('not_found');
      enforce(canEditUser(c.permission, targetOf(target)));
      if (!acceptTerms) {
        throw new AppError('terms_not_accepted', {
          fields: [fieldError('accept_terms', 'required', 'Please accept the terms.')],
        });
      }
      const move = canTransitionUserStatus(target.status, 'cancel_pending');
      if (!move.ok) {
        throw new AppError('invalid_state_transition', {
          message: `A contract in status ${target.status} cannot be cancelled.`,
        });
      }
      await repo.updateUser(target.id, { status: 'cancel_pending' });
      return answerFor(target.id);
    },

    /**
     * POST /superusers-create (public, from /user/entry): a new customer registers themself on the product's own
     * domain. They become the account holder of a new company: a product-branded admin (card payment) waiting for
     * activation. Not a super: a super sees every user of their domain, and the product domain is shared by every
     * self-registered customer. The activation mail follows; then /user/plan and /user/payment.
     */
    async register(input: Registration, requestOrigin: string | undefined, ip: string) {
      // Anyone can register and each registration mails an address they typed: limited per client address like
      // the other mail-sending endpoints (429 with the wait).
      await credentials(db).throttle(
        'self_registration',
        [{ subject: `ip:${ip}`, max: MAIL_REQUEST_THROTTLE.maxPerIp }],
        MAIL_REQUEST_THROTTLE.windowMs,
        new Date(),
      );
      if (!input.accept_terms) {
        throw new AppError('terms_not_accepted', {
          fields: [fieldError('accept_terms', 'required', 'Please accept the terms.')],
        });
      }
      const domain = await repo.productDomain();
      if (!domain) throw new AppError('domain_not_registered');
      await assertEmailFree(repo, input.email);
      const passwordHash = await hashPassword(input.password);
      const { id } = await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          await assertEmailFree(r, input.email);
          const company = await tenantRecords(trx).createCompany({ domainId: domain.id, name: input.company_name });
          return r.insertUser({
            domain_id: domain.id,
            company_id: company.id,
            parent_user_id: null,
            email: input.email,
            password_hash: passwordHash,
            name: input.name,
            first_name: input.first_name ?? '',
            last_name: input.last_name ?? '',
            display_name: input.name,
            privilege_type: 'admin',
            status: 'approval_pending',
            is_pay_by_credit: true,
            phone: input.phone ?? '',
            login_limit_count: null,
            payment_failed_at: null,
            last_login_at: null,
          });
        })
        .catch(mapUniqueViolation);
      const activationMailSent = await sendActivationSafely(id, requestOrigin);
      return { id, email: input.email, status: 'approval_pending' as const, activation_mail_sent: activationMailSent };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;

/** Managing super users (list, create) is the operator's: the role that may add a super. */
function canManageSuperusers(p: PermissionActor) {
  return canAddUser(p, { privilegeType: 'super', domainId: p.domainId, parentUserId: null });
}

function toContact(u: UserRecord) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    display_name: u.display_name || u.name,
    status: u.status,
    company_id: u.company_id,
    company_name: u.company_name,
  };
}

type LockedUser = Awaited<ReturnType<UsersRepo['lockUsers']>>[number];

function privilegeUser(u: LockedUser): PrivilegeUser {
  return {
    id: u.id,
    privilegeType: u.privilege_type,
    domainId: u.domain_id,
    parentUserId: u.parent_user_id,
    carLimit: u.car_limit,
  };
}

function orderUpdates(updates: readonly PrivilegeUpdate[]): PrivilegeUpdate[] {
  const rank = (u: PrivilegeUpdate) => (u.privilegeType === 'normal' ? 0 : u.privilegeType === 'admin' ? 2 : 1);
  return [...updates].sort((a, b) => rank(a) - rank(b));
}

/**
 * Group membership follows the admin role (the planner's "moves group membership the same way"):
 * - promotion: the old admin's group gets the promoted user as its admin, and the promoted user joins it;
 * - demotion: the demoted admin and their users join the new parent's group; when the new parent heads no
 *   group, the new parent takes over the demoted admin's group instead.
 * Returns the writes to run after the users' roles changed (the group's admin column is cleared before).
 */
async function groupMovesOf(
  r: UsersRepo,
  to: 'admin' | 'normal',
  target: LockedUser,
  newParentId: string | null,
  updates: readonly PrivilegeUpdate[],
): Promise<() => Promise<void>> {
  if (to === 'admin') {
    const oldAdminId = target.parent_user_id;
    const group = oldAdminId ? await r.groupOfAdmin(oldAdminId) : undefined;
    if (!group) return async () => undefined;
    await r.updateGroup(group.id, { adminUserId: null });
    return async () => {
      await r.setGroupOf([target.id], group.id);
      await r.updateGroup(group.id, { adminUserId: target.id });
    };
  }
  const parentId = newParentId;
  const ownGroup = await r.groupOfAdmin(target.id);
  const parentGroup = parentId ? await r.groupOfAdmin(parentId) : undefined;
  const moved = updates.filter((u) => u.parentUserId !== undefined).map((u) => u.userId);
  if (ownGroup) await r.updateGroup(ownGroup.id, { adminUserId: null });
  return async () => {
    if (!parentId) return;
    if (parentGroup) {
      await r.setGroupOf(moved, parentGroup.id);
    } else if (ownGroup) {
      await r.setGroupOf([parentId], ownGroup.id);
      await r.updateGroup(ownGroup.id, { adminUserId: parentId });
    }
  };
}

/** GET /users?same_privileges=1: whose list a caller gets (see usersService.users). */
function peersFilter(p: PermissionActor): {
  scope: UserScope;
  privilegeTypes: PrivilegeType[];
  parentUserId?: string;
  excludeUserId: string;
} {
  switch (p.privilegeType) {
    case 'master':
      return { scope: { kind: 'all' }, privilegeTypes: ['master'], excludeUserId: p.id };
    case 'super':
    case 'admin':
      return {
        scope: { kind: 'domain', domainId: p.domainId, selfId: p.id },
        privilegeTypes: [p.privilegeType],
        excludeUserId: p.id,
      };
    case 'normal':
      return {
        scope: { kind: 'domain', domainId: p.domainId, selfId: p.id },
        privilegeTypes: ['normal'],
        // A normal user without a parent has no peers.
        parentUserId: p.groupAdminId ?? '0',
        excludeUserId: p.id,
      };
  }
}
