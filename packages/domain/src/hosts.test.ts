import { describe, expect, it } from 'vitest';
import {
  basicInfoKeysOnHost,
  contentStyleOnHost,
  hiddenScreenOfCall,
  isScreenHiddenOnHost,
  SCREEN_CALLS,
  shopCodeOnHost,
} from './hosts.ts';
import { MENU, type MenuEntry } from './menu.ts';

const V0 = '/api/browser/v0';

describe('hidden screens refused by the server', () => {
  it('names only menu entries', () => {
    const ids = new Set<string>();
    const walk = (entries: readonly MenuEntry[]): void => {
      for (const e of entries) {
        ids.add(e.id);
        if (e.children) walk(e.children);
      }
    };
    walk(MENU);
    for (const call of SCREEN_CALLS) for (const s of call.screens) expect(ids, s).toContain(s);
  });

  it.each([
    ['POST', `${V0}/contents`, 'dealer_brand', 'contents_add'],
    ['POST', `${V0}/contents/copy`, 'dealer_brand', 'contents_add'],
    ['POST', `${V0}/contents/csv`, 'dealer_brand', 'contents_bulk'],
    ['POST', `${V0}/contents/csv_check`, 'bike_sensor', 'contents_bulk'],
    ['POST', '/v1/subordinates-upload', 'dealer_brand', 'users_addlist'],
    ['GET', `${V0}/send_mail/:id`, 'bike_sensor', 'mail_history'],
    ['POST', `${V0}/web_negotiation_group/:id/notes`, 'dealer_brand', 'web_negotiation_list'],
    ['GET', `${V0}/web_negotiation_groupcontents/:id`, 'bike_sensor', 'web_negotiation_list'],
    ['GET', '/v1/plans', 'dealer_brand', 'plans_list'],
    ['POST', '/v1/subscription', 'dealer_brand', 'settlements_subscription'],
    ['POST', '/v1/contact', 'dealer_brand', 'contact'],
    ['POST', '/v1/credit-cards', 'listing_partner', 'account_payment'],
    ['GET', '/v1/invoice', 'listing_partner', 'settlements_invoice'],
    ['GET', '/v1/usage-quota', 'listing_partner', 'settlements_usagequota'],
  ] as const)('%s %s on %s: refused as %s', (method, route, flag, screen) => {
    expect(hiddenScreenOfCall(method, route, [flag])).toBe(screen);
  });

  it.each([
    ['GET', `${V0}/contents`, ['dealer_brand']],
    ['GET', `${V0}/contents/:id`, ['dealer_brand']],
    ['POST', `${V0}/contents`, ['bike_sensor']],
    ['POST', `${V0}/contents/csv`, ['auction', 'bike', 'listing_partner']],
    // The card is still changed from the settlements screen on the dealer-brand host.
    ['POST', '/v1/credit-cards', ['dealer_brand']],
    ['GET', '/v1/subscription', ['dealer_brand']],
    ['POST', '/v1/contact', ['listing_partner', 'bike_sensor']],
    ['POST', `${V0}/contents`, []],
  ] as const)('%s %s on %j: allowed', (method, route, flags) => {
    expect(hiddenScreenOfCall(method, route, flags)).toBeUndefined();
  });

  it('follows the group: corporations only on the dealer-brand and listing-partner hosts', () => {
    expect(isScreenHiddenOnHost('corporations', [])).toBe(true);
    expect(isScreenHiddenOnHost('corporations', ['dealer_brand'])).toBe(false);
    expect(isScreenHiddenOnHost('account_conf', ['dealer_brand'])).toBe(true);
    expect(isScreenHiddenOnHost('no_such_screen', ['dealer_brand'])).toBe(false);
  });
});

describe('bike and auction sites', () => {
  it('makes every vehicle a bike on the bike site', () => {
    expect(contentStyleOnHost('car', ['bike'])).toBe('bike');
    expect(contentStyleOnHost('car', ['auction'])).toBe('car');
    expect(basicInfoKeysOnHost('car', ['bike'])).toContain('bike_style');
    expect(basicInfoKeysOnHost('car', ['bike'])).not.toContain('handle');
  });

  it('reads the first username alias as the shop code on the bike site only', () => {
    const user = { shop_code: 'S-1', username_alias: ['B-77', 'B-78'] };
    expect(shopCodeOnHost(user, ['bike'])).toBe('B-77');
    expect(shopCodeOnHost(user, [])).toBe('S-1');
    expect(shopCodeOnHost({ shop_code: 'S-1', username_alias: [] }, ['bike'])).toBe('');
  });

  it('puts the assessment score first and drops the retail prices of an auction lot', () => {
    const keys = basicInfoKeysOnHost('car', ['auction']);
    expect(keys[0]).toBe('assessment_score');
    expect(keys).not.toContain('price_with_tax');
    expect(keys).not.toContain('total_price_with_tax');
    expect(basicInfoKeysOnHost('car', [])).toContain('price_with_tax');
  });
});
