import type { Registration } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { credentials } from '../auth/credentials-service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { MAIL_REQUEST_THROTTLE } from '../auth/rate-limit.ts';
import { recordSignUpAcceptance } from '../legal/service.ts';
import { tenantRecords } from '../tenancy/tenants-service.ts';
import { assertEmailFree, mapUniqueViolation, newUserIdentity, type UsersCore } from './core.ts';
import { usersRepo } from './repo.ts';

/**
 * Billing's purchase of the registration, when one was chosen (the plan's limit is the account's at once). A first
 * payment waiting on 3-D Secure holds the sign-in (a short-lived token the console keeps in the tab) until the
 * dealer is back from the issuer's page and the registration's confirm reads the payment.
 */
async function purchaseFor(core: UsersCore, trx: Db, userId: string, input: Registration, ip: string) {
  if (!input.purchase) return undefined;
  if (!core.purchase || !core.holds) throw new AppError('service_unavailable');
  const answer = await core.purchase(trx, userId, input.purchase);
  const waiting = answer.payment.state === 'requires_action';
  return {
    state: answer.payment.state,
    challenge_url: answer.payment.challenge_url,
    vehicle_limit: answer.vehicle_limit,
    ...(waiting ? { sign_in_hold: await core.holds.issue(trx, userId, { device: '', application: '', ip }) } : {}),
  };
}

/** Self-registration of a new customer on the product's own domain (public). */
export function registrationService(core: UsersCore) {
  const { db, repo, sendActivationSafely } = core;
  return {
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
      await core.releaseAbandoned?.(input.email);
      await assertEmailFree(repo, input.email);
      const passwordHash = await hashPassword(input.password);
      const { id, purchase } = await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          await assertEmailFree(r, input.email);
          const company = await tenantRecords(trx).createCompany({ domainId: domain.id, name: input.company_name });
          const user = await r.insertUser({
            domain_id: domain.id,
            company_id: company.id,
            parent_user_id: null,
            ...newUserIdentity(input, passwordHash),
            privilege_type: 'admin',
            status: 'approval_pending',
            is_pay_by_credit: true,
            phone: input.phone ?? '',
            login_limit_count: null,
            payment_failed_at: null,
            last_login_at: null,
          });
          // The texts in force accepted with the account, in its transaction: no account without its acceptance.
          await recordSignUpAcceptance(trx, {
            userId: user.id,
            domainId: domain.id,
            at: new Date(),
            ip,
            termsVersion: input.terms_version,
          });
          return { id: user.id, purchase: await purchaseFor(core, trx, user.id, input, ip) };
        })
        .catch(mapUniqueViolation);
      // A paid first period activates the account (the card stands for the customer): no activation mail. One
      // waiting on 3-D Secure is activated by its payment, or rolled back when refused: no mail either.
      if (purchase?.state === 'paid') {
        return { id, email: input.email, status: 'active' as const, activation_mail_sent: false, purchase };
      }
      if (purchase?.sign_in_hold) {
        return { id, email: input.email, status: 'approval_pending' as const, activation_mail_sent: false, purchase };
      }
      const activationMailSent = await sendActivationSafely(id, requestOrigin);
      return {
        id,
        email: input.email,
        status: 'approval_pending' as const,
        activation_mail_sent: activationMailSent,
        ...(purchase ? { purchase } : {}),
      };
    },
  };
}
