import type {
  MeetingDocumentAnswer,
  MeetingDocumentKind,
  WebNegotiationAnswer,
  WebNegotiationBody,
  WebNegotiationListAnswer,
  WebNegotiationListQuery,
  WebNegotiationNotesBody,
  WebNegotiationSettingsAnswer,
} from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { saveBlob } from '../lib/saveBlob.ts';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { useListQuery } from './listQuery.ts';
import { useRecordQuery } from './recordQuery.ts';
import { uploadFile } from './uploadFile.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * Web negotiations (issue 21; apps/server/src/modules/web-negotiation/routes.ts): the spec's
 * `/web_negotiation_group` and `/web_negotiation_groupcontents` calls, typed with the domain's schemas, for the
 * `/web-negotiation/*` screens. Writes are silent so the forms put refusals beside their fields.
 */

const PATH = `${CONTENT_API_BASE}/web_negotiation_group`;
const seg = encodeURIComponent;

export type WebNegotiationListParams = Pick<WebNegotiationListQuery, 'page' | 'limit' | 'q' | 'sort'> &
  Partial<Pick<WebNegotiationListQuery, 'status' | 'from' | 'to'>>;

export const webNegotiationKeys = {
  all: ['web-negotiation'] as const,
  list: (query: WebNegotiationListParams) => ['web-negotiation', 'list', query] as const,
  byId: (id: string) => ['web-negotiation', 'id', id] as const,
  settings: ['web-negotiation', 'settings'] as const,
};

export function fetchWebNegotiations(query: WebNegotiationListParams): Promise<WebNegotiationListAnswer> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params[key] = value;
  }
  return apiGet<WebNegotiationListAnswer>(PATH, { query: params });
}

export function fetchWebNegotiation(id: string): Promise<WebNegotiationAnswer> {
  return apiGet<WebNegotiationAnswer>(`${PATH}/${seg(id)}`);
}

async function send<T>(path: string, method: 'POST' | 'DELETE', json?: unknown): Promise<T> {
  return (await apiRequest<T>(path, { method, ...(json === undefined ? {} : { json }), errors: 'silent' })).data;
}

export const createWebNegotiation = (body: WebNegotiationBody) => send<WebNegotiationAnswer>(PATH, 'POST', body);
export const updateWebNegotiation = ({ id, body }: { id: string; body: WebNegotiationBody }) =>
  send<WebNegotiationAnswer>(`${PATH}/${seg(id)}`, 'POST', body);
export const deleteWebNegotiation = (id: string) => send<{ deleted: true }>(`${PATH}/${seg(id)}`, 'DELETE');
export const saveWebNegotiationNotes = ({ id, body }: { id: string; body: WebNegotiationNotesBody }) =>
  send<WebNegotiationAnswer>(`${PATH}/${seg(id)}/notes`, 'POST', body);
/** The host's link to the call: a new one on each ask. */
export const fetchHostLink = (id: string) =>
  send<{ url: string; token: string; expires_at: string }>(`${PATH}/${seg(id)}/host-link`, 'POST');

/** One invitee's link to copy: a new one on each ask (the one sent earlier stops working). */
export const fetchInviteeLink = ({ id, inviteeId }: { id: string; inviteeId: string }) =>
  send<{ url: string; token: string; expires_at: string }>(
    `${PATH}/${seg(id)}/invitees/${seg(inviteeId)}/link`,
    'POST',
  );

/** A meeting's document saved as a file under its own name. */
export async function downloadMeetingDocument(id: string, doc: Pick<MeetingDocumentAnswer, 'id' | 'file_name'>) {
  const { data } = await apiRequest<Blob>(`${PATH}/${seg(id)}/documents/${seg(doc.id)}`, { as: 'blob' });
  saveBlob(data, doc.file_name);
}

export function uploadMeetingDocument(input: { id: string; file: File; kind: MeetingDocumentKind }) {
  return uploadFile<MeetingDocumentAnswer>(`${PATH}/${seg(input.id)}/documents`, {
    file: input.file,
    fields: { kind: input.kind },
    errors: 'silent',
  });
}

export const deleteMeetingDocument = ({ id, documentId }: { id: string; documentId: string }) =>
  send<{ deleted: true }>(`${PATH}/${seg(id)}/documents/${seg(documentId)}`, 'DELETE');

export function useWebNegotiationList(query: WebNegotiationListParams) {
  return useListQuery(webNegotiationKeys.list(query), () => fetchWebNegotiations(query), { staleTime: 10_000 });
}

/** The caller's rules (participants, max time, vehicles, documents, the interval's count). */
export function useWebNegotiationSettings() {
  return useQuery({
    queryKey: webNegotiationKeys.settings,
    queryFn: () => apiGet<WebNegotiationSettingsAnswer>(`${PATH}/settings`),
    staleTime: 60_000,
  });
}

export function useWebNegotiation(id: string | undefined) {
  return useRecordQuery(id, webNegotiationKeys.byId, fetchWebNegotiation, { staleTime: 0 });
}

// Every write changes what the list and the record show: all web negotiation reads are refetched.
export const useCreateWebNegotiation = () => useRefetchingWrite(webNegotiationKeys.all, createWebNegotiation);
export const useUpdateWebNegotiation = () => useRefetchingWrite(webNegotiationKeys.all, updateWebNegotiation);
export const useDeleteWebNegotiation = () => useRefetchingWrite(webNegotiationKeys.all, deleteWebNegotiation);
export const useSaveWebNegotiationNotes = () => useRefetchingWrite(webNegotiationKeys.all, saveWebNegotiationNotes);
export const useUploadMeetingDocument = () => useRefetchingWrite(webNegotiationKeys.all, uploadMeetingDocument);
export const useDeleteMeetingDocument = () => useRefetchingWrite(webNegotiationKeys.all, deleteMeetingDocument);
