import { isProductBrandedUser, type MenuContext } from '@spinyard/domain';
import type { Profile } from '../../api/profile.ts';

/** The menu rules' view of the signed-in user, built from GET /v1/profile. */
export function menuContextOf(profile: Profile): MenuContext {
  const privilegeType = profile.user.privilege_type;
  const isPayByCredit = profile.user.is_pay_by_credit;
  return {
    privilegeType,
    isPayByCredit,
    isProductBranded: isProductBrandedUser({
      privilegeType,
      isProductDomain: profile.domain.is_product_domain === true,
      isPayByCredit,
    }),
    csJoined: profile.cs_joined === true,
    options: profile.domain.options,
    hostFlags: profile.domain.host_flags,
  };
}
