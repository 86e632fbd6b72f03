/** Roles of the first document, section 6. */
export const PRIVILEGE_TYPES = ['master', 'super', 'admin', 'normal'] as const;
export type PrivilegeType = (typeof PRIVILEGE_TYPES)[number];

/** User statuses (first document, section 4). */
export const USER_STATUSES = [
  'active',
  'inactive',
  'cancel_pending',
  'cancelled',
  'expired',
  'approval_pending',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
