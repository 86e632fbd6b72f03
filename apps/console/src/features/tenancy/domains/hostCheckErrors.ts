import type { FieldError } from '@spinyard/domain';
import type { DuplicateReason } from '../../../api/domains.ts';

export type HostCheck =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'unavailable'; reason: DuplicateReason }
  | { status: 'failed' };

/**
 * A negative availability answer as the field errors the server would give on registration: the host in use or
 * waiting for the nightly deletion, or the company code taken (rule `unique`, as the server names it).
 */
export function hostCheckErrors(check: HostCheck): FieldError[] {
  if (check.status !== 'unavailable') return [];
  switch (check.reason) {
    case 'domain_in_use':
    case 'domain_deleting':
      return [{ field: 'host', rule: check.reason, message: check.reason }];
    case 'company_code_in_use':
      return [
        { field: 'company_code', rule: 'unique', message: 'This company code is already used by another domain.' },
      ];
    default:
      return [];
  }
}
