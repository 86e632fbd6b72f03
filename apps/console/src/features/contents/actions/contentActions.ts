import {
  type ContentListItem,
  canTransferVehicle,
  isRunningProcess,
  type Operation,
  type PermissionActor,
  PUBLICATION_ACTIONS,
  type PublicationAction,
  type PublicationState,
  processesLocking,
  type RunningProcess,
} from '@spinyard/domain';

/**
 * Which actions a vehicle offers and which of them the server would refuse now. The state rules come from the
 * publication machine (PUBLICATION_ACTIONS) and the locks from the processes running on the vehicle, so the
 * console greys out exactly what the server refuses, naming the process that holds the lock.
 *
 * Publishing is one call (the build, `POST /api/tourmaker/buildcontents/{id}/` with publish=1) whose outcome the
 * vehicle decides: with its limited password on the server publishes it as limited public (publish_limited), else
 * as public. So the menu offers `publish_limited` (labelled as such) or `publish`, each from the states its machine
 * action starts from. A vehicle already public in that way offers `republish`: the same build, so its edits reach
 * buyers (the published copy never changes by itself).
 */

export const CONTENT_ACTIONS = [
  'publish',
  'publish_limited',
  'republish',
  'unpublish',
  'sleep',
  'wake',
  'vr_on',
  'vr_off',
  'copy',
  'transfer',
  'delete',
  'restore',
  'delete_permanently',
] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** Actions that cannot be undone, or take the vehicle away from buyers or from its owner: they ask first. */
export const CONFIRMED_ACTIONS: ReadonlySet<ContentAction> = new Set([
  'unpublish',
  'sleep',
  'delete',
  'delete_permanently',
]);

/** The operation each action is checked against in the lock rules (the server checks the same one). */
export const ACTION_OPERATION: Record<ContentAction, Operation> = {
  publish: 'CONTENT.UPDATE',
  publish_limited: 'CONTENT.UPDATE',
  republish: 'CONTENT.UPDATE',
  unpublish: 'CONTENT.UPDATE',
  sleep: 'CONTENT.UPDATE',
  wake: 'CONTENT.UPDATE',
  vr_on: 'CONTENT.UPDATE',
  vr_off: 'CONTENT.UPDATE',
  // Copying reads the whole vehicle: the server refuses it while anything that locks a transfer runs.
  copy: 'CONTENT.TRANSFER',
  transfer: 'CONTENT.TRANSFER',
  delete: 'CONTENT.DELETE',
  restore: 'CONTENT.UPDATE',
  delete_permanently: 'CONTENT.DELETE',
};

const PUBLICATION_OF: Partial<Record<ContentAction, PublicationAction>> = {
  publish: 'publish',
  publish_limited: 'publish_limited',
  unpublish: 'unpublish',
  sleep: 'sleep',
  wake: 'wake',
  delete: 'delete',
  restore: 'restore',
  delete_permanently: 'delete_permanently',
};

/** What the action needs of a vehicle, besides its locks. */
export type ActionSubject = Pick<ContentListItem, 'publication' | 'vr_mode' | 'processes' | 'limited_password_enabled'>;

/** The processes still queued or running on a vehicle: those hold locks. */
export function runningProcesses(subject: Pick<ContentListItem, 'processes'>): RunningProcess[] {
  return subject.processes
    .filter((p) => p.status === 'queued' || p.status === 'running')
    .map((p) => p.process)
    .filter(isRunningProcess);
}

const LIVE: readonly PublicationState[] = ['published', 'limited_public', 'unpublished', 'sleeping'];

/** Whether the action applies to the vehicle's state at all (it is offered). */
export function actionApplies(action: ContentAction, subject: ActionSubject, canTransfer: boolean): boolean {
  // The server picks the publish action from the vehicle's limited password: only that one applies.
  if (action === 'publish' && subject.limited_password_enabled) return false;
  if (action === 'publish_limited' && !subject.limited_password_enabled) return false;
  if (action === 'republish') {
    return subject.publication === (subject.limited_password_enabled ? 'limited_public' : 'published');
  }
  const publication = PUBLICATION_OF[action];
  if (publication)
    return (PUBLICATION_ACTIONS[publication].from as readonly PublicationState[]).includes(subject.publication);
  if (action === 'vr_on') return !subject.vr_mode && LIVE.includes(subject.publication);
  if (action === 'vr_off') return subject.vr_mode && LIVE.includes(subject.publication);
  if (action === 'copy') return LIVE.includes(subject.publication);
  return canTransfer && LIVE.includes(subject.publication);
}

export interface ActionState {
  action: ContentAction;
  /** The running processes that lock it (empty: it can run). */
  lockedBy: RunningProcess[];
}

/** The actions the vehicle offers in its state, in menu order, each with what locks it. */
export function contentActions(subject: ActionSubject, opts: { canTransfer: boolean }): ActionState[] {
  const running = runningProcesses(subject);
  return CONTENT_ACTIONS.filter((a) => actionApplies(a, subject, opts.canTransfer)).map((action) => ({
    action,
    lockedBy: processesLocking(ACTION_OPERATION[action], running),
  }));
}

/**
 * Whether the console offers transfer to this actor, as the server decides it (canTransferVehicle): master, super
 * and admin always; a normal user when their normal-user transfer setting in force is on (`normalUserTransfer`,
 * from their image-system settings; undefined while it loads, so nothing is offered early). The recipients come
 * from the server's own list of whom the actor may give to.
 */
export function canOfferTransfer(actor: PermissionActor, normalUserTransfer: boolean | undefined): boolean {
  return canTransferVehicle(actor, { normalUserTransferEnabled: normalUserTransfer === true }).ok;
}

/** Whether a vehicle can be ticked for the bulk delete (the server cancels the batch for a locked one). */
export function bulkDeletable(subject: ActionSubject): boolean {
  return (
    actionApplies('delete', subject, false) &&
    processesLocking('CONTENT.DELETE', runningProcesses(subject)).length === 0
  );
}

/** Whether a vehicle can be ticked for the bulk transfer. */
export function bulkTransferable(subject: ActionSubject): boolean {
  return (
    actionApplies('transfer', subject, true) &&
    processesLocking('CONTENT.TRANSFER', runningProcesses(subject)).length === 0
  );
}
