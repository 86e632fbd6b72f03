import {
  applyPublicationAction,
  type PermissionActor,
  type PrivilegeType,
  type ProcessAnswer,
  type PublicationState,
} from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import {
  type ActionSubject,
  bulkDeletable,
  bulkTransferable,
  canOfferTransfer,
  contentActions,
} from './contentActions.ts';

const process = (name: ProcessAnswer['process'], status: ProcessAnswer['status'] = 'running'): ProcessAnswer => ({
  id: '1',
  process: name,
  status,
  progress: 40,
  started_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  error: null,
});

const subject = (publication: PublicationState, over: Partial<ActionSubject> = {}): ActionSubject => ({
  publication,
  vr_mode: false,
  processes: [],
  limited_password_enabled: false,
  ...over,
});

const names = (s: ActionSubject, canTransfer = true) => contentActions(s, { canTransfer }).map((a) => a.action);

describe('the actions a vehicle offers', () => {
  it.each([
    ['unpublished', ['publish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['published', ['republish', 'unpublish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['limited_public', ['publish', 'unpublish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['sleeping', ['wake', 'vr_on', 'copy', 'transfer', 'delete']],
    ['deleted', ['restore', 'delete_permanently']],
    ['permanently_deleted', []],
  ] as const)('from %s: %j', (state, expected) => {
    expect(names(subject(state))).toEqual(expected);
  });

  it.each([
    ['unpublished', ['publish_limited', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['published', ['publish_limited', 'unpublish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
    ['limited_public', ['republish', 'unpublish', 'sleep', 'vr_on', 'copy', 'transfer', 'delete']],
  ] as const)('with the limited password on, from %s: %j (publishing leads to limited public)', (state, expected) => {
    expect(names(subject(state, { limited_password_enabled: true }))).toEqual(expected);
  });

  it('offers a publish exactly when the server would move the vehicle (limited password on or off)', () => {
    const states: PublicationState[] = ['unpublished', 'published', 'limited_public', 'sleeping', 'deleted'];
    for (const limited of [false, true]) {
      // The server's publish: publish_limited when the limited password is on (publication-service.ts).
      const serverAction = limited ? 'publish_limited' : 'publish';
      for (const state of states) {
        const offered = names(subject(state, { limited_password_enabled: limited })).filter((a) =>
          a.startsWith('publish'),
        );
        // Otherwise a vehicle already public that way offers the rebuild.
        const republish = names(subject(state, { limited_password_enabled: limited })).includes('republish');
        expect(republish, `${state} limited=${limited}`).toBe(state === (limited ? 'limited_public' : 'published'));
        const allowed = applyPublicationAction(state, serverAction, { hasImages: true }).ok;
        expect(offered, `${state} limited=${limited}`).toEqual(allowed ? [serverAction] : []);
      }
    }
  });

  it('offers VR mode off instead of on when it is on, and no transfer without the right', () => {
    expect(names(subject('published', { vr_mode: true }), false)).toEqual([
      'republish',
      'unpublish',
      'sleep',
      'vr_off',
      'copy',
      'delete',
    ]);
  });
});

describe('locks from running processes', () => {
  it('blur locks delete and transfer but not publication', () => {
    const actions = contentActions(subject('unpublished', { processes: [process('blur')] }), { canTransfer: true });
    const locked = Object.fromEntries(actions.map((a) => [a.action, a.lockedBy]));
    expect(locked.delete).toEqual(['blur']);
    expect(locked.transfer).toEqual(['blur']);
    expect(locked.copy).toEqual(['blur']);
    expect(locked.publish).toEqual([]);
    expect(locked.sleep).toEqual([]);
  });

  it('a slider movie locks the content operations, hotspot detection none of them', () => {
    const slider = contentActions(subject('unpublished', { processes: [process('slider_movie')] }), {
      canTransfer: true,
    });
    const locked = Object.fromEntries(slider.map((a) => [a.action, a.lockedBy]));
    expect(locked.publish).toEqual(['slider_movie']);
    expect(locked.delete).toEqual(['slider_movie']);
    const detection = contentActions(
      subject('unpublished', { processes: [process('exterior_autodetect_annotation')] }),
      { canTransfer: true },
    );
    expect(detection.every((a) => a.lockedBy.length === 0)).toBe(true);
  });

  it('a transfer locks everything; a finished or failed process locks nothing', () => {
    const running = contentActions(subject('published', { processes: [process('transfer', 'queued')] }), {
      canTransfer: true,
    });
    expect(running.every((a) => a.lockedBy.includes('transfer'))).toBe(true);
    const done = contentActions(
      subject('published', { processes: [process('transfer', 'succeeded'), process('blur', 'failed')] }),
      { canTransfer: true },
    );
    expect(done.every((a) => a.lockedBy.length === 0)).toBe(true);
  });

  it('a vehicle with a locking process cannot be ticked for bulk delete or transfer', () => {
    expect(bulkDeletable(subject('published'))).toBe(true);
    expect(bulkDeletable(subject('published', { processes: [process('color')] }))).toBe(false);
    expect(bulkDeletable(subject('deleted'))).toBe(false);
    expect(bulkTransferable(subject('sleeping'))).toBe(true);
    expect(bulkTransferable(subject('sleeping', { processes: [process('copy')] }))).toBe(false);
  });
});

describe('whether transfer is offered', () => {
  const actor = (privilegeType: PrivilegeType): PermissionActor => ({
    id: '1',
    privilegeType,
    domainId: 'own-domain',
    companyId: null,
    isProductBranded: false,
    isPayByCredit: false,
    csJoined: false,
    domainOptions: { is_user_add: true, normal_user_transfer: false, option_data: false },
  });

  it.each(['master', 'super', 'admin'] as const)('to %s always', (role) => {
    expect(canOfferTransfer(actor(role), undefined)).toBe(true);
    expect(canOfferTransfer(actor(role), false)).toBe(true);
  });

  it('to a normal user only when their normal-user transfer is on (not while it loads)', () => {
    expect(canOfferTransfer(actor('normal'), true)).toBe(true);
    expect(canOfferTransfer(actor('normal'), false)).toBe(false);
    expect(canOfferTransfer(actor('normal'), undefined)).toBe(false);
  });
});
