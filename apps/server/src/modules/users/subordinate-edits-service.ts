import {
  canAddUser,
  canEditUser,
  FIELD_RULE_MESSAGES,
  OWN_ACCOUNT_REFUSED,
  type SubordinateCreate,
  type SubordinateUpdate,
  type UserAnswer,
} from '@spinyard/domain';
import type { UserUpdate } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import { credentials } from '../auth/credentials-service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { targetOf } from './actor.ts';
import {
  aliasNames,
  assertEmailFree,
  mapUniqueViolation,
  newUserIdentity,
  shopCodeColumns,
  type UsersCore,
  visibleUser,
} from './core.ts';
import { type UserRecord, usersRepo } from './repo.ts';

/** Adding an admin or a normal user: active at once, with the password given, under the parent and company the actor may pick. */
export function subordinateCreation(core: UsersCore) {
  const { repo, context, resolveParent, companyIn, answerFor } = core;
  return {
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
          ...newUserIdentity(input, passwordHash),
          privilege_type: input.privilege_type,
          // The creator set the password, so there is nothing to confirm: the user may sign in at once.
          status: 'active',
          activated_at: new Date(),
          company_section: input.company_section ?? '',
          phone: input.phone ?? '',
          car_limit: input.car_limit ?? null,
          login_code: input.login_code ?? '',
          ...shopCodeColumns(domain.host_flags, input, []),
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
  };
}

/**
 * Refuses, naming each field and its rule (OWN_ACCOUNT_REFUSED), what nobody changes on their own account through
 * the user screens (issue 18): the password, e-mail and two-step setting belong to the account page (the current
 * password, a confirmation mail, the other sessions ended), the limits, parent and company to whoever manages the
 * account (raising them oneself would be a way around them). Master included: nothing of theirs is set here either.
 */
function refuseOwnAccountFields(input: SubordinateUpdate): void {
  const refused = Object.entries(OWN_ACCOUNT_REFUSED).filter(
    ([k]) => input[k as keyof SubordinateUpdate] !== undefined,
  );
  if (refused.length > 0) {
    throw new AppError('self_action_not_allowed', {
      fields: refused.map(([field, rule]) => fieldError(field, rule, FIELD_RULE_MESSAGES[rule])),
    });
  }
}

/** Editing an admin or a normal user: any subset of the fields; a password set here ends the user's sessions. */
export function subordinateUpdate(core: UsersCore) {
  const { db, repo, context, resolveParent, companyIn, answerFor } = core;
  return {
    async updateSubordinate(actor: Actor, id: string, input: SubordinateUpdate): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      enforce(canEditUser(c.permission, targetOf(target)));
      if (target.id === c.permission.id) refuseOwnAccountFields(input);

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
        'corporation_code',
        'store_name',
        'department',
        'job_number',
        'authorizer_job_number',
      ] as const) {
        const v = input[key];
        if (v !== undefined) values[key] = v;
      }
      Object.assign(values, shopCodeColumns(target.domain_host_flags, input, aliasNames(target.username_alias)));
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
          if (passwordChanged) await credentials(trx).endSessionsOf([target.id]);
        })
        .catch(mapUniqueViolation);
      return answerFor(target.id);
    },
  };
}
