import type { ErrorCode } from '../errors.ts';
import type { PermissionActor, PermissionCheck } from './index.ts';

/** A refusal for the given reason, as the checks answer it. */
export const no = (reason: ErrorCode): PermissionCheck => ({ ok: false, reason });

/** A test actor: a super user of domain d1 with user adding on, changed by `over`. */
export function actor(over: Partial<PermissionActor> = {}): PermissionActor {
  return {
    id: 'me',
    privilegeType: 'super',
    domainId: 'd1',
    companyId: 'c1',
    groupAdminId: null,
    isProductBranded: false,
    isPayByCredit: false,
    csJoined: false,
    domainOptions: { is_user_add: true, normal_user_transfer: false, option_data: false },
    ...over,
  };
}
