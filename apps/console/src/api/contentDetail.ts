import type {
  ContentAnswer,
  ContentCreateBody,
  ContentsLimitAnswer,
  ContentUpdateBody,
  ExtendInfoBody,
  ImageSystem,
  InspectionData,
  PendingChangesAnswer,
} from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { useRecordQuery } from './recordQuery.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * One vehicle's calls for the wizard and the detail page (content API, second document section 7). Writes are
 * silent so the wizard can put a 422 beside its fields and a lock refusal above the form; each one makes every
 * vehicle read (`['contents']`: lists, details, limits) stale.
 */

type DevelopmentViewPosition = ContentAnswer['development_view_position'];

const seg = encodeURIComponent;
const base = CONTENT_API_BASE;

export const contentDetailKeys = {
  all: ['contents'] as const,
  detail: (id: string) => ['contents', 'detail', id] as const,
  limit: ['contents', 'limit'] as const,
  style: ['contents', 'style'] as const,
  pending: (id: string) => ['contents', 'pending', id] as const,
};

export function fetchContent(id: string): Promise<ContentAnswer> {
  return apiGet<ContentAnswer>(`${base}/contents/${seg(id)}`);
}

/** A vehicle; a 404 (another tenant's, deleted for good) leaves the page to say it is missing. */
export function useContent(id: string | undefined) {
  return useRecordQuery(id, contentDetailKeys.detail, fetchContent, { retry: false });
}

/**
 * What the vehicle shows that buyers do not yet see (by area); under the vehicles' key, so any vehicle write and a
 * publish read it again.
 */
export function usePendingChanges(id: string) {
  return useQuery({
    queryKey: contentDetailKeys.pending(id),
    queryFn: () => apiGet<PendingChangesAnswer>(`${base}/contents/pending_changes/${seg(id)}`),
    staleTime: 0,
  });
}

/** `GET check_contents_limit`: whether one more vehicle fits under every limit. */
export function useContentsLimit() {
  return useQuery({
    queryKey: contentDetailKeys.limit,
    queryFn: () => apiGet<ContentsLimitAnswer>(`${base}/check_contents_limit`),
    staleTime: 0,
  });
}

/** The caller's contents style (car or bike), from their image-system settings: a new vehicle's fields follow it. */
export function useContentsStyle() {
  return useQuery({
    queryKey: contentDetailKeys.style,
    queryFn: async () => (await apiGet<ImageSystem>('/v1/image-system-user')).contents_style,
    staleTime: 5 * 60 * 1000,
  });
}

async function post<T>(path: string, json: unknown): Promise<T> {
  return (await apiRequest<T>(`${base}${path}`, { method: 'POST', json, errors: 'silent' })).data;
}

export function createContent(body: ContentCreateBody): Promise<ContentAnswer> {
  return post<ContentAnswer>('/contents', body);
}

export function updateContent(id: string, body: ContentUpdateBody): Promise<ContentAnswer> {
  return post<ContentAnswer>(`/contents/${seg(id)}`, body);
}

export function saveExtendInfo(body: ExtendInfoBody): Promise<ContentAnswer> {
  return post<ContentAnswer>('/contents/extendinfo', body);
}

export function saveInspection(id: string, inspection: InspectionData): Promise<ContentAnswer> {
  return post<ContentAnswer>('/contents/cs-car-inspection', { id, ...inspection });
}

/** The one-switch calls of a vehicle's display settings. */
export const CONTENT_FLAG_PATHS = {
  defect_display: '/contents/defect_display',
  development_view_display: '/contents/development_view_disp',
  inspection_data_display: '/contents/cs-car-inspection-display',
} as const;
export type ContentFlag = keyof typeof CONTENT_FLAG_PATHS;

export function setContentFlag(id: string, flag: ContentFlag, display: boolean): Promise<ContentAnswer> {
  return post<ContentAnswer>(CONTENT_FLAG_PATHS[flag], { id, display });
}

export function setDevelopmentViewPosition(id: string, position: DevelopmentViewPosition): Promise<ContentAnswer> {
  return post<ContentAnswer>('/contents/development_view_position', { id, position });
}

export function useCreateContent() {
  return useRefetchingWrite(contentDetailKeys.all, createContent);
}

export function useUpdateContent() {
  return useRefetchingWrite(contentDetailKeys.all, (a: { id: string; body: ContentUpdateBody }) =>
    updateContent(a.id, a.body),
  );
}

export function useSaveExtendInfo() {
  return useRefetchingWrite(contentDetailKeys.all, saveExtendInfo);
}

export function useSaveInspection() {
  return useRefetchingWrite(contentDetailKeys.all, (a: { id: string; inspection: InspectionData }) =>
    saveInspection(a.id, a.inspection),
  );
}

export function useSetContentFlag() {
  return useRefetchingWrite(contentDetailKeys.all, (a: { id: string; flag: ContentFlag; display: boolean }) =>
    setContentFlag(a.id, a.flag, a.display),
  );
}

export function useSetDevelopmentViewPosition() {
  return useRefetchingWrite(contentDetailKeys.all, (a: { id: string; position: DevelopmentViewPosition }) =>
    setDevelopmentViewPosition(a.id, a.position),
  );
}
