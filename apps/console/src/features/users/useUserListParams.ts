import { USER_STATUSES, type UserStatus } from '@spinyard/domain';
import { useSearchParams } from 'react-router';
import { isUserSort, type UserListQuery, type UserSort } from '../../api/users.ts';
import { type ListPosition, listPositionQuery, readListPosition } from '../../components/listPosition.ts';

/** A change of the user list's conditions: any of the page, size, search, sort, role and status. */
export type UserListChange = Partial<ListPosition & { sort: UserSort; role: string; status: string }>;

/**
 * The user list's conditions, held in the address (a reload or a shared link shows the same page): page, size,
 * search, sort, role and status. `update` writes a change there and calls `onChange` (the ticks are dropped).
 */
export function useUserListParams(onChange: () => void): UserListQuery & { update: (next: UserListChange) => void } {
  const [params, setParams] = useSearchParams();
  const { page, limit, q } = readListPosition(params);
  const sortParam = params.get('sort') ?? '';
  const sort: UserSort = isUserSort(sortParam) ? sortParam : 'created_desc';
  const roleParam = params.get('role');
  const privilegeType = roleParam === 'admin' || roleParam === 'normal' ? roleParam : '';
  const statusParam = params.get('status') ?? '';
  const status = (USER_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as UserStatus) : '';

  const update = (next: UserListChange) => {
    const merged = { page, limit, q, sort, role: privilegeType as string, status: status as string, ...next };
    const filters = {
      role: merged.role,
      status: merged.status,
      sort: merged.sort === 'created_desc' ? '' : merged.sort,
    };
    setParams(listPositionQuery(merged, filters), { replace: true });
    onChange();
  };
  return { page, limit, q, sort, privilegeType, status, update };
}
