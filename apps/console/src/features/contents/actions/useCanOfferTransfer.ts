import type { PermissionActor } from '@spinyard/domain';
import { useNormalUserTransfer } from '../../../api/contents.ts';
import { canOfferTransfer } from './contentActions.ts';

/** canOfferTransfer with a normal user's setting read from the server (no request for the other roles). */
export function useCanOfferTransfer(actor: PermissionActor | undefined): boolean {
  const normalUserTransfer = useNormalUserTransfer(actor?.privilegeType === 'normal');
  return actor ? canOfferTransfer(actor, normalUserTransfer) : false;
}
