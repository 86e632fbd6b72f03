import type { ErrorCode } from '../errors.ts';
import type { PrivilegeType } from '../roles.ts';
import { ALLOWED, refused, type TransitionCheck } from '../transition.ts';

/** The domain options a permission depends on. */
export interface PermissionDomainOptions {
  is_user_add: boolean;
  normal_user_transfer: boolean;
  option_data: boolean;
}

export interface PermissionActor {
  id: string;
  privilegeType: PrivilegeType;
  domainId: string;
  companyId: string | null;
  /** For normal users: their parent admin. */
  groupAdminId?: string | null;
  isProductBranded: boolean;
  isPayByCredit: boolean;
  csJoined: boolean;
  domainOptions: PermissionDomainOptions;
}

export interface PermissionTarget {
  id: string;
  privilegeType: PrivilegeType;
  domainId: string;
  companyId: string | null;
  parentUserId: string | null;
}

/** A company an action is about: its id and its domain. */
export interface CompanyTarget {
  id: string;
  domainId: string;
}

export type PermissionCheck = TransitionCheck<ErrorCode>;

export const FORBIDDEN = refused('forbidden' as const);
export const NOT_FOUND = refused('not_found' as const);

export const check = (allowed: boolean, reason: ErrorCode = 'forbidden'): PermissionCheck =>
  allowed ? ALLOWED : refused(reason);

/** Run checks in order; the first refusal wins. */
export function all(...checks: (() => PermissionCheck)[]): PermissionCheck {
  for (const c of checks) {
    const r = c();
    if (!r.ok) return r;
  }
  return ALLOWED;
}
