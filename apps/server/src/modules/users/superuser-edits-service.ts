import {
  canAddUser,
  canEditUser,
  FIELD_RULE_MESSAGES,
  type SuperuserCreate,
  type SuperuserUpdate,
  type UserAnswer,
} from '@spinyard/domain';
import type { UserUpdate } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import { hashPassword, NO_PASSWORD_YET } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { tenantRecords } from '../tenancy/tenants-service.ts';
import { targetOf } from './actor.ts';
import { assertEmailFree, mapUniqueViolation, newUserIdentity, type UsersCore, visibleUser } from './core.ts';
import { usersRepo } from './repo.ts';

/** A super user registered by master (approval pending until activated from the mail) or edited. */
export function superuserEdits(core: UsersCore) {
  const { db, repo, context, companyIn, answerFor, sendActivationSafely } = core;
  return {
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
            ...newUserIdentity(input, passwordHash),
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
      // One's own sign-in e-mail changes only on the account page, confirmed from the new address (issue 18).
      if (target.id === c.permission.id && input.email !== undefined && input.email !== target.email.toLowerCase()) {
        throw new AppError('self_action_not_allowed', {
          fields: [fieldError('email', 'own_account_page', FIELD_RULE_MESSAGES.own_account_page)],
        });
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
  };
}
