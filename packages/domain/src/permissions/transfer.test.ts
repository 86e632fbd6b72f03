import { describe, expect, it } from 'vitest';
import { actor, no } from './actor.fixture.ts';
import type { PermissionTarget } from './core.ts';
import { canReceiveTransfer } from './transfer.ts';

const ALLOWED = { ok: true };
const user = (over: Partial<PermissionTarget>): PermissionTarget => ({
  id: 'u',
  privilegeType: 'normal',
  domainId: 'd1',
  companyId: 'c1',
  parentUserId: null,
  ...over,
});
const myAdmin = user({ id: 'a1', privilegeType: 'admin' });
const colleague = user({ id: 'n2', parentUserId: 'a1' });
const myNormal = user({ id: 'n3', parentUserId: 'me' });
const otherGroup = user({ id: 'n4', parentUserId: 'a2' });
const otherAdmin = user({ id: 'a2', privilegeType: 'admin' });
const superUser = user({ id: 's1', privilegeType: 'super' });
const foreign = user({ id: 'x1', domainId: 'd2', parentUserId: 'a1' });
const foreignAdminSameId = user({ id: 'a1', privilegeType: 'admin', domainId: 'd2' });
const masterUser = user({ id: 'm1', privilegeType: 'master', domainId: 'd0' });

describe('canReceiveTransfer: whom each role may give a vehicle to', () => {
  it.each([
    ['master', foreign, ALLOWED],
    ['master', superUser, ALLOWED],
    ['super', otherAdmin, ALLOWED],
    ['super', otherGroup, ALLOWED],
    ['super', foreign, no('not_found')],
    ['super', masterUser, no('not_found')],
    ['admin', myNormal, ALLOWED],
    ['admin', otherGroup, no('not_found')],
    ['admin', otherAdmin, no('not_found')],
    ['admin', superUser, no('not_found')],
    ['admin', foreign, no('not_found')],
  ] as const)('%s to %o: %o', (privilegeType, recipient, expected) => {
    expect(canReceiveTransfer(actor({ privilegeType }), recipient)).toEqual(expected);
  });

  it.each([
    [myAdmin, ALLOWED],
    [colleague, ALLOWED],
    [otherGroup, no('not_found')],
    [otherAdmin, no('not_found')],
    [superUser, no('not_found')],
    [foreign, no('not_found')],
    [foreignAdminSameId, no('not_found')],
  ] as const)('a normal user under a1 to %o: %o', (recipient, expected) => {
    expect(canReceiveTransfer(actor({ privilegeType: 'normal', groupAdminId: 'a1' }), recipient)).toEqual(expected);
  });

  it('gives a normal user without an admin nobody to transfer to', () => {
    const loner = actor({ privilegeType: 'normal', groupAdminId: null });
    expect(canReceiveTransfer(loner, colleague)).toEqual(no('not_found'));
    expect(canReceiveTransfer(loner, myAdmin)).toEqual(no('not_found'));
  });
});
