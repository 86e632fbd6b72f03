// Which menu entries each role sees under each option, as a table of contexts.
import { describe, expect, it } from 'vitest';
import { ctx } from './menu.fixture.ts';
import { MENU, type MenuContext, type MenuEntry, visibleMenuIds } from './menu.ts';

const STATS_SINGLE = ['statistics_single'];
const MASTER_STATS = [
  'statistics',
  'statistics_chart',
  'statistics_cs_chart_cl',
  'statistics_cs_chart',
  'statistics_cs_criteo_chart',
  'statistics_movie_backup_exteriors',
];
const CONTENTS_ALL = ['contents', 'contents_list', 'contents_add', 'contents_bulk', 'contents_audio_library'];
const USERS = ['users', 'users_list', 'users_add', 'users_groups'];
const PLANS = ['plans', 'plans_list', 'plans_add'];
const DOMAINS = ['domains', 'domains_list', 'domains_add'];
const COMPANY = ['company', 'company_info', 'company_subdomain'];
const CORPORATIONS = ['corporations_menu', 'corporations', 'corporation_contacts'];
const WEB_NEGOTIATION = ['web_negotiation', 'web_negotiation_list', 'web_negotiation_add'];
const ACCOUNT = ['account', 'account_conf'];
const SETTLEMENTS_CARD = ['settlements', 'settlements_payment', 'settlements_invoice'];
const MASTER = [
  'top',
  ...CONTENTS_ALL,
  ...USERS,
  'settlements',
  'settlements_invoice',
  ...PLANS,
  ...DOMAINS,
  ...MASTER_STATS,
  'contact',
  'legal_edit',
];

describe('visibleMenu: a table of contexts and their visible ids', () => {
  const cases: { name: string; ctx: MenuContext; ids: string[] }[] = [
    {
      name: 'master on the product domain',
      ctx: ctx({ privilegeType: 'master' }),
      ids: MASTER,
    },
    {
      name: 'master still manages users when is_user_add is false',
      ctx: ctx({ privilegeType: 'master', options: { is_user_add: false } }),
      ids: MASTER,
    },
    {
      name: 'super of a company, not paying by card',
      ctx: ctx({ privilegeType: 'super' }),
      ids: ['top', ...CONTENTS_ALL, ...USERS, 'users_addlist', ...COMPANY, 'company_edit', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'super when the domain forbids adding users',
      ctx: ctx({ privilegeType: 'super', options: { is_user_add: false } }),
      ids: ['top', ...CONTENTS_ALL, ...COMPANY, 'company_edit', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'super paying by card gets no CSV user add',
      ctx: ctx({ privilegeType: 'super', isPayByCredit: true }),
      ids: ['top', ...CONTENTS_ALL, ...USERS, ...COMPANY, 'company_edit', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'non-branded admin',
      ctx: ctx({ privilegeType: 'admin' }),
      ids: ['top', ...CONTENTS_ALL, ...USERS, ...COMPANY, ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'product-branded admin paying by card: account and settlements, no user screens',
      ctx: ctx({ privilegeType: 'admin', isProductBranded: true, isPayByCredit: true }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        ...COMPANY,
        ...ACCOUNT,
        'account_payment',
        ...SETTLEMENTS_CARD,
        'settlements_subscription',
        'settlements_usagequota',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'branded normal user paying by card: account info and usage quota only',
      ctx: ctx({ privilegeType: 'normal', isProductBranded: true, isPayByCredit: true }),
      ids: ['top', ...CONTENTS_ALL, ...ACCOUNT, 'settlements', 'settlements_usagequota', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'normal user joined to the listing site: account menu and listing statistics',
      ctx: ctx({ privilegeType: 'normal', csJoined: true }),
      ids: ['top', ...CONTENTS_ALL, ...ACCOUNT, 'statistics', 'statistics_chart', 'statistics_cs_chart_cl', 'contact'],
    },
    {
      name: 'plain normal user',
      ctx: ctx(),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'every option on',
      ctx: ctx({
        options: { option_data: true, web_negotiation: true, hotspot_browser: true, hotspot_app: true },
      }),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, ...WEB_NEGOTIATION, 'mail_history', 'custom_design', 'contact'],
    },
    {
      name: 'custom design needs only one of the hotspot options',
      ctx: ctx({ options: { hotspot_app: true } }),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, 'custom_design', 'contact'],
    },
    {
      name: 'dealer-brand host: corporations replace account; add-car, CSV, mails, meetings, plan and contact hidden',
      ctx: ctx({
        privilegeType: 'admin',
        isProductBranded: true,
        isPayByCredit: true,
        hostFlags: ['dealer_brand'],
        options: { option_data: true, web_negotiation: true },
      }),
      ids: [
        'top',
        'contents',
        'contents_list',
        'contents_audio_library',
        ...COMPANY,
        ...CORPORATIONS,
        ...SETTLEMENTS_CARD,
        'settlements_usagequota',
        ...STATS_SINGLE,
      ],
    },
    {
      name: 'dealer-brand host hides plans even from master',
      ctx: ctx({ privilegeType: 'master', hostFlags: ['dealer_brand'] }),
      ids: [
        'top',
        'contents',
        'contents_list',
        'contents_audio_library',
        ...USERS,
        ...CORPORATIONS,
        'settlements',
        'settlements_invoice',
        ...DOMAINS,
        ...MASTER_STATS,
        'legal_edit',
      ],
    },
    {
      name: 'listing-partner tenant: corporations and bases, no card screens',
      ctx: ctx({ privilegeType: 'admin', isProductBranded: true, isPayByCredit: true, hostFlags: ['listing_partner'] }),
      ids: ['top', ...CONTENTS_ALL, ...COMPANY, ...ACCOUNT, ...CORPORATIONS, ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'bike-sensor tenant: no bulk CSV, meetings or mail history',
      ctx: ctx({ hostFlags: ['bike_sensor'], options: { option_data: true, web_negotiation: true } }),
      ids: ['top', 'contents', 'contents_list', 'contents_add', 'contents_audio_library', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'bike and auction hosts change nothing in the menu',
      ctx: ctx({ hostFlags: ['bike', 'auction'] }),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, 'contact'],
    },
  ];

  // Every user's own security settings (password and e-mail, two-step, devices) are in the account menu, which
  // only the dealer-brand host replaces with corporations; the table lists the rest of each menu.
  const PERSONAL_ACCOUNT = ['account', 'account_conf', 'account_two_step', 'account_devices'];
  const menuOrder: string[] = [];
  const flatten = (es: readonly MenuEntry[]): void => {
    for (const e of es) {
      menuOrder.push(e.id);
      flatten(e.children ?? []);
    }
  };
  flatten(MENU);
  const withPersonalAccount = (ids: readonly string[], c: MenuContext): string[] => {
    if (c.hostFlags.includes('dealer_brand')) return [...ids];
    const all = new Set([...ids, ...PERSONAL_ACCOUNT]);
    return menuOrder.filter((id) => all.has(id));
  };

  it.each(cases)('$name', ({ ctx: c, ids }) => {
    expect(visibleMenuIds(c)).toEqual(withPersonalAccount(ids, c));
  });
});
