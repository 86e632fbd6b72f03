import { assertNever } from './assert.ts';
import type { PrivilegeType } from './roles.ts';

export interface AccountLabelParts {
  role: PrivilegeType;
  name: string;
  org?: string;
  email: string;
}

/** Top bar account label: role and name, then the company (super, admin) or the section (normal), then e-mail. */
export function accountLabelParts(u: {
  privilegeType: PrivilegeType;
  name: string;
  email: string;
  companyName?: string | null | undefined;
  section?: string | null | undefined;
}): AccountLabelParts {
  const org = orgFor(u.privilegeType, u.companyName, u.section);
  const base = { role: u.privilegeType, name: u.name, email: u.email };
  return org ? { ...base, org } : base;
}

function orgFor(
  role: PrivilegeType,
  companyName: string | null | undefined,
  section: string | null | undefined,
): string | undefined {
  switch (role) {
    case 'super':
    case 'admin':
      return companyName?.trim() || undefined;
    case 'normal':
      return section?.trim() || undefined;
    case 'master':
      return undefined;
    default:
      return assertNever(role);
  }
}
