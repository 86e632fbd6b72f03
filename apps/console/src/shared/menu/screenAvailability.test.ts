import { type MenuContext, visibleMenu } from '@spinyard/domain';
import { ctx } from '@spinyard/domain/testing';
import { describe, expect, it } from 'vitest';
import { isRouteAvailable } from './screenAvailability.ts';

const base: MenuContext = ctx({ privilegeType: 'admin' });

describe('isRouteAvailable', () => {
  it('follows the menu rules for conditional routes', () => {
    const menu = visibleMenu(base);
    expect(isRouteAvailable('/contents/list', menu)).toBe(true);
    expect(isRouteAvailable('/contents/edit/42', menu)).toBe(true);
    expect(isRouteAvailable('/web-negotiation/list', menu)).toBe(false);
    expect(isRouteAvailable('/mail-history/contents-movie', menu)).toBe(false);
    expect(isRouteAvailable('/group/list', menu)).toBe(false);
    expect(isRouteAvailable('/plan/list', menu)).toBe(false);
  });

  it('opens an option-gated route once the option is on', () => {
    const menu = visibleMenu({ ...base, options: { ...base.options, web_negotiation: true } });
    expect(isRouteAvailable('/web-negotiation/detail/7', menu)).toBe(true);
  });

  it('keeps routes that are not in the menu available', () => {
    expect(isRouteAvailable('/account-link', visibleMenu(base))).toBe(true);
    expect(isRouteAvailable('/top', visibleMenu(base))).toBe(true);
  });
});
