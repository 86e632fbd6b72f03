import { visibleMenuIds } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { profileFixture } from '../../test-support/profiles.ts';
import { menuContextOf } from './menuContext.ts';

describe('menuContextOf', () => {
  it('carries role, payment, options and host flags of the profile', () => {
    const ctx = menuContextOf(
      profileFixture({
        user: { is_pay_by_credit: true },
        options: { web_negotiation: true },
        domain: { host_flags: ['bike'] },
      }),
    );
    expect(ctx).toMatchObject({
      privilegeType: 'admin',
      isPayByCredit: true,
      isProductBranded: false,
      csJoined: false,
      hostFlags: ['bike'],
    });
    expect(ctx.options.web_negotiation).toBe(true);
  });

  it('is product-branded only on the product domain for a card-paying non-master', () => {
    const branded = profileFixture({ user: { is_pay_by_credit: true }, domain: { is_product_domain: true } });
    expect(menuContextOf(branded).isProductBranded).toBe(true);
    const master = profileFixture({
      user: { is_pay_by_credit: true, privilege_type: 'master' },
      domain: { is_product_domain: true },
    });
    expect(menuContextOf(master).isProductBranded).toBe(false);
  });

  it('gives a card-paying admin the billing screens and hides web negotiation when the option is off', () => {
    const ids = visibleMenuIds(menuContextOf(profileFixture({ user: { is_pay_by_credit: true } })));
    expect(ids).toContain('settlements_invoice');
    expect(ids).not.toContain('web_negotiation');
  });
});
