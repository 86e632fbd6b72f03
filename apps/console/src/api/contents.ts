import type {
  BuildContentsAnswer,
  ContentAnswer,
  ContentBulkDeleteAnswer,
  ContentBulkDeleteBody,
  ContentListItem,
  ContentListParams,
  ImageSystem,
  PageOf,
  ProcessesStartedAnswer,
  TransferRecipientsAnswer,
} from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import type { ContentAction } from '../features/contents/actions/contentActions.ts';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { useListQuery } from './listQuery.ts';
import type { QueryValue } from './url.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The vehicle list and the actions on vehicles (content API, second document section 7). Every write is silent:
 * the screens put the catalogue's message where the action was asked (a confirm dialog, the actions menu).
 * Every success makes every cached vehicle read stale (['contents']), lists and details alike.
 */

export type { ContentListItem, ContentListParams };

const seg = encodeURIComponent;
const base = CONTENT_API_BASE;

export const contentKeys = {
  all: ['contents'] as const,
  lists: ['contents', 'list'] as const,
  list: (params: ContentListParams) => ['contents', 'list', params] as const,
  detail: (id: string) => ['contents', 'detail', id] as const,
  recipients: (ids: readonly string[], q: string) => ['contents', 'transfer-recipients', ids.join(','), q] as const,
};

export function fetchContents(params: ContentListParams): Promise<PageOf<ContentListItem>> {
  return apiGet<PageOf<ContentListItem>>(`${base}/contents`, { query: params as Record<string, QueryValue> });
}

/** A page holding a listing-site link on its way is asked again, so its rows move to linked or to an error. */
const LINK_POLL_MS = 4_000;

export function useContents(params: ContentListParams, enabled = true) {
  return useListQuery(contentKeys.list(params), () => fetchContents(params), {
    staleTime: 5_000,
    enabled,
    poll: (page) =>
      page?.items.some((c) => c.listing_link === 'waiting' || c.listing_link === 'linking') ? LINK_POLL_MS : false,
  });
}

/** The list's CSV (`create_csv=1` with the same conditions and a period of at most one month), as a file. */
export async function downloadContentsCsv(params: ContentListParams): Promise<Blob> {
  return (
    await apiRequest<Blob>(`${base}/contents`, {
      query: { ...(params as Record<string, QueryValue>), create_csv: 1, page: undefined, limit: undefined },
      as: 'blob',
      errors: 'silent',
    })
  ).data;
}

type ActionCall = {
  method: 'POST' | 'DELETE';
  /** Below the content API, unless `absolute`. */
  path: (id: string) => string;
  absolute?: boolean;
  query?: Record<string, QueryValue>;
  json?: (id: string) => unknown;
  form?: Record<string, string>;
};

/**
 * Publishing builds the vehicle's published copy (second document, section 7: query preview=0, redirect_check=false
 * and the random value the client adds; form publish and user). The server picks published or limited public from
 * the vehicle's limited password, and a vehicle already public that way is rebuilt as it is now.
 */
const BUILD_AND_PUBLISH: ActionCall = {
  method: 'POST',
  path: (id) => `/api/tourmaker/buildcontents/${seg(id)}/`,
  absolute: true,
  query: { preview: 0, redirect_check: 'false' },
  form: { publish: '1', user: 'console' },
};

/**
 * `GET /contents/transfer-recipients`: the first users the caller may give these vehicles to (the server applies
 * the transfer's own rules: role, the vehicles' domain, not their current owner), the caller first.
 */
export function fetchTransferRecipients(ids: readonly string[], q: string): Promise<TransferRecipientsAnswer> {
  return apiGet<TransferRecipientsAnswer>(`${base}/contents/transfer-recipients`, {
    query: { q: q.trim() === '' ? undefined : q, content_ids: ids.length > 0 ? ids.join(',') : undefined },
  });
}

export function useTransferRecipients(ids: readonly string[], q: string, enabled = true) {
  return useListQuery(contentKeys.recipients(ids, q), () => fetchTransferRecipients(ids, q), {
    staleTime: 30_000,
    enabled,
  });
}

/**
 * Whether the signed-in normal user may transfer: their image-system setting in force (the domain's normal-user
 * transfer unless changed for them), as the server reads it. Asked only for a normal user (`enabled`): the other
 * roles always may. Undefined while loading, so nothing is offered before the answer.
 */
export function useNormalUserTransfer(enabled: boolean): boolean | undefined {
  const settings = useQuery({
    queryKey: ['image-system-user'],
    queryFn: () => apiGet<ImageSystem>('/v1/image-system-user'),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
  return settings.data?.normal_user_transfer;
}

/** Where each one-vehicle action is sent (transfer has its own call: it names a recipient). */
const ACTION_CALLS: Record<Exclude<ContentAction, 'transfer'>, ActionCall> = {
  // A whole-content job (202): the copy appears once it ends, announced by the progress socket.
  copy: { method: 'POST', path: () => '/contents/copy', json: (id) => ({ id }) },
  publish: BUILD_AND_PUBLISH,
  // The same call: the server publishes a vehicle with its limited password on as limited public.
  publish_limited: BUILD_AND_PUBLISH,
  republish: BUILD_AND_PUBLISH,
  unpublish: { method: 'POST', path: (id) => `/contents/private/${seg(id)}` },
  sleep: { method: 'POST', path: (id) => `/contents/sleep/${seg(id)}` },
  wake: { method: 'POST', path: (id) => `/contents/wakeup/${seg(id)}` },
  vr_on: { method: 'POST', path: (id) => `/contents/vrmode/on/${seg(id)}` },
  vr_off: { method: 'POST', path: (id) => `/contents/vrmode/off/${seg(id)}` },
  delete: { method: 'DELETE', path: (id) => `/contents/${seg(id)}` },
  restore: { method: 'POST', path: (id) => `/contents/restore/${seg(id)}` },
  delete_permanently: { method: 'DELETE', path: (id) => `/contents/${seg(id)}`, query: { deleteType: 'hard' } },
};

export type OneVehicleAction = keyof typeof ACTION_CALLS;

type ContentActionAnswer = ContentAnswer | ContentBulkDeleteAnswer | ProcessesStartedAnswer | BuildContentsAnswer;

/**
 * Answers the vehicle as it is now (a delete answers the deleted ids, a copy the process it started, a publish the
 * build).
 */
export async function runContentAction({
  id,
  action,
}: {
  id: string;
  action: OneVehicleAction;
}): Promise<ContentActionAnswer> {
  const call = ACTION_CALLS[action];
  const options = {
    method: call.method,
    errors: 'silent' as const,
    // The build is outside the content API's path but takes its token.
    auth: 'content' as const,
    ...(call.query ? { query: call.query } : {}),
    ...(call.json ? { json: call.json(id) } : {}),
    ...(call.form ? { form: call.form } : {}),
  };
  return (await apiRequest<ContentActionAnswer>(`${call.absolute ? '' : base}${call.path(id)}`, options)).data;
}

/** Soft-deletes the vehicles, all or none (a vehicle being processed cancels the batch). */
export async function deleteContents(ids: readonly string[]): Promise<ContentBulkDeleteAnswer> {
  const json = { ids: [...ids], delete_type: 'soft' } satisfies ContentBulkDeleteBody;
  return (
    await apiRequest<ContentBulkDeleteAnswer>(`${base}/contents/delete/bulk`, {
      method: 'POST',
      json,
      errors: 'silent',
    })
  ).data;
}

/** Moves the vehicles to another owner (a whole-content job on the server: they stay locked until it ends). */
export async function transferContents({
  ids,
  userId,
}: {
  ids: readonly string[];
  userId: string;
}): Promise<ProcessesStartedAnswer> {
  return (
    await apiRequest<ProcessesStartedAnswer>(`${base}/contents/transfer/${ids.map(seg).join(',')}/${seg(userId)}`, {
      method: 'POST',
      errors: 'silent',
    })
  ).data;
}

export function useContentAction() {
  return useRefetchingWrite(contentKeys.all, runContentAction);
}

export function useDeleteContents() {
  return useRefetchingWrite(contentKeys.all, deleteContents);
}

export function useTransferContents() {
  return useRefetchingWrite(contentKeys.all, transferContents);
}
