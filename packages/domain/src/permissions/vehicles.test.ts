import { describe, expect, it } from 'vitest';
import { actor, no } from './actor.fixture.ts';
import { type ContentTarget, canSeeContent } from './vehicles.ts';

const ALLOWED = { ok: true };
const mine: ContentTarget = { domainId: 'd1', ownerId: 'me', ownerParentId: null };
const myNormals: ContentTarget = { domainId: 'd1', ownerId: 'n1', ownerParentId: 'me' };
const otherAdmins: ContentTarget = { domainId: 'd1', ownerId: 'n2', ownerParentId: 'a2' };
const otherTenant: ContentTarget = { domainId: 'd2', ownerId: 'x', ownerParentId: null };
// A foreign owner who happens to carry the same ids: only the domain tells the tenants apart.
const otherTenantSameIds: ContentTarget = { domainId: 'd2', ownerId: 'me', ownerParentId: 'me' };

describe('canSeeContent: master all, super the domain, admin own and their normal users, normal own', () => {
  it.each([
    ['master', mine, ALLOWED],
    ['master', otherTenant, ALLOWED],
    ['super', mine, ALLOWED],
    ['super', otherAdmins, ALLOWED],
    ['super', otherTenant, no('not_found')],
    ['super', otherTenantSameIds, no('not_found')],
    ['admin', mine, ALLOWED],
    ['admin', myNormals, ALLOWED],
    ['admin', otherAdmins, no('not_found')],
    ['admin', otherTenantSameIds, no('not_found')],
    ['normal', mine, ALLOWED],
    ['normal', myNormals, no('not_found')],
    ['normal', otherAdmins, no('not_found')],
    ['normal', otherTenantSameIds, no('not_found')],
  ] as const)('%s sees %o: %o', (privilegeType, target, expected) => {
    expect(canSeeContent(actor({ privilegeType }), target)).toEqual(expected);
  });
});
