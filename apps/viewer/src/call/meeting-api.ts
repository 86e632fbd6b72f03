import type {
  MeetingNotesAnswer,
  PublishedManifest,
  ViewerAccessAnswer,
  WebNegotiationNotesBody,
} from '@spinyard/domain';
import { useEffect, useState } from 'react';

/**
 * The participants' API (`/api/meeting/v0`) as the call page uses it, with the link's token in the header (never
 * in an address, where logs would keep it): the meeting's documents and vehicles' names, a reserved vehicle's
 * manifest (a limited publication opened by the meeting), the documents' files, the host's notes.
 */
const API = '/api/meeting/v0/meetings';
const TOKEN_HEADER = 'x-meeting-token';

export interface MeetingDocument {
  id: string;
  kind: 'document' | 'business_card';
  file_name: string;
  content_type: string;
  bytes: number;
}
export interface MeetingVehicle {
  content_id: string;
  short_id: string | null;
  name: string;
}
export interface MeetingInfo {
  title: string;
  documents: MeetingDocument[];
  vehicles: MeetingVehicle[];
}

/** A refused call: its status and the server's words (already in the page's language when it sent them). */
export class MeetingApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: readonly { field: string; message: string }[],
    message: string,
  ) {
    super(message);
  }
}

async function call(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(TOKEN_HEADER, token);
  headers.set('accept-language', document.documentElement.lang || 'ja');
  const res = await fetch(`${API}/${path}`, { ...init, headers });
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as {
    error?: { user_message?: string; fields?: { field: string; message: string }[] };
  };
  throw new MeetingApiError(res.status, body.error?.fields ?? [], body.error?.user_message ?? res.statusText);
}

export const meetingInfo = async (token: string, meetingId: string): Promise<MeetingInfo> =>
  (await call(token, encodeURIComponent(meetingId))).json() as Promise<MeetingInfo>;

/** A reserved vehicle's manifest, read with the viewer token the meeting grants (so a limited one opens too). */
export async function vehicleManifest(token: string, meetingId: string, contentId: string, shortId: string) {
  const path = `${encodeURIComponent(meetingId)}/vehicles/${encodeURIComponent(contentId)}/access`;
  const access = (await (await call(token, path, { method: 'POST' })).json()) as ViewerAccessAnswer;
  const res = await fetch(`/v/${encodeURIComponent(shortId)}/manifest.json`, {
    headers: { authorization: `Bearer ${access.token}` },
  });
  return res.ok ? ((await res.json()) as PublishedManifest) : null;
}

/** A document's file as a blob of its own judged type (the server judged it by content: PDF, JPEG or PNG). */
export async function documentBlob(token: string, meetingId: string, doc: MeetingDocument): Promise<Blob> {
  const res = await call(token, `${encodeURIComponent(meetingId)}/documents/${encodeURIComponent(doc.id)}`);
  return new Blob([await res.arrayBuffer()], { type: doc.content_type });
}

export const readNotes = async (token: string, meetingId: string): Promise<MeetingNotesAnswer> =>
  (await call(token, `${encodeURIComponent(meetingId)}/notes`)).json() as Promise<MeetingNotesAnswer>;

export async function saveNotes(token: string, meetingId: string, notes: WebNegotiationNotesBody) {
  const res = await call(token, `${encodeURIComponent(meetingId)}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(notes),
  });
  return (await res.json()) as MeetingNotesAnswer;
}

/** The meeting as the call shows it, read once joined (null until then, or when it could not be read). */
export function useMeetingInfo(token: string, meetingId: string | null): MeetingInfo | null {
  const [info, setInfo] = useState<MeetingInfo | null>(null);
  useEffect(() => {
    if (!meetingId) return;
    let live = true;
    meetingInfo(token, meetingId).then(
      (i) => live && setInfo(i),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token, meetingId]);
  return info;
}
