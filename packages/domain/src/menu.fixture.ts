import type { DomainOptionFlags, MenuContext } from './menu.ts';

/** A menu context for tests: a normal user of a tenant with no option on, changed by `over`. */
export const noOptions: DomainOptionFlags = {
  option_data: false,
  web_negotiation: false,
  hotspot_browser: false,
  hotspot_app: false,
  is_user_add: true,
  online_payment: false,
};

export function ctx(
  over: Partial<Omit<MenuContext, 'options'>> & { options?: Partial<DomainOptionFlags> } = {},
): MenuContext {
  const { options, ...rest } = over;
  return {
    privilegeType: 'normal',
    isProductBranded: false,
    isPayByCredit: false,
    csJoined: false,
    hostFlags: [],
    ...rest,
    options: { ...noOptions, ...options },
  };
}
