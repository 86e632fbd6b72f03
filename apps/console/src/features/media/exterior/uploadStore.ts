import { describeErrorResponse, VIDEO_UPLOADS_PATH } from '@spinyard/domain';
import * as tus from 'tus-js-client';
import { ApiError } from '../../../api/apiError.ts';
import { CONTENT_API_BASE } from '../../../api/client.ts';
import { tokens } from '../../../api/tokens.ts';
import type { EarlierUpload } from './earlierUpload.ts';

/**
 * The exterior videos on their way to the server, kept outside React: the wizard remounts its tabs (switching tab,
 * or the vehicle changing when a spin is made), and an upload must go on through that. Each file goes up with tus
 * (resumable uploads): in chunks, retried after a failed request, and resumed from the offset the server holds
 * after a dropped connection (automatically, when the browser is online again) or a page reload (the browser keeps
 * the upload's address; choosing the same file again resumes it).
 */

export const VIDEO_UPLOAD_ENDPOINT = `${CONTENT_API_BASE}${VIDEO_UPLOADS_PATH}`;
const CHUNK_BYTES = 5 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];
/** After the retries are spent on a dead connection, try again this often (and at once when the browser is online). */
const OFFLINE_RETRY_MS = 5000;

export type LocalUploadState = 'uploading' | 'paused' | 'offline' | 'done' | 'failed' | 'canceled';

export interface LocalUpload {
  key: string;
  contentId: string;
  fileName: string;
  bytesTotal: number;
  bytesSent: number;
  state: LocalUploadState;
  /** The server's upload id once it is created (the last part of its address). */
  serverId: string | null;
  /** Picked up from an earlier page (after a reload): the bytes the server already held. */
  resumed: boolean;
  /** A refusal (415 not a video, 413 too large, 403 limit, 409 locked...) as the client's error. */
  error: ApiError | null;
  /** When (and to which other vehicle, if another) the same video was first uploaded (earlierUpload.ts), or null. */
  earlier: EarlierUpload | null;
}

interface Entry {
  view: LocalUpload;
  /** Null for a file refused in the browser before anything was sent. */
  upload: tus.Upload | null;
  retryTimer: number | undefined;
}

const entries = new Map<string, Entry>();
const snapshots = new Map<string, readonly LocalUpload[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly LocalUpload[] = [];
let sequence = 0;

function publish(contentId: string): void {
  snapshots.set(
    contentId,
    [...entries.values()].filter((e) => e.view.contentId === contentId).map((e) => e.view),
  );
  for (const listener of listeners) listener();
}

function update(key: string, change: Partial<LocalUpload>): void {
  const entry = entries.get(key);
  if (!entry) return;
  entry.view = { ...entry.view, ...change };
  publish(entry.view.contentId);
}

export function subscribeUploads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function uploadsOf(contentId: string): readonly LocalUpload[] {
  return snapshots.get(contentId) ?? EMPTY;
}

const idOfUrl = (url: string | null): string | null => (url ? (url.split('/').pop() ?? null) : null);

/** The error a tus failure carries: the server's error shape when it answered, a network failure (0) otherwise. */
export function tusFailure(error: Error): ApiError {
  const response = (error as tus.DetailedError).originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  let body: unknown = null;
  try {
    const text = response?.getBody();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return new ApiError(status, body, describeErrorResponse(status, body));
}

/** A failure worth retrying: no answer (the connection dropped), a server error, or a locked upload (423). */
function retriable(error: tus.DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 423;
}

/** One upload per vehicle and file: the same file chosen again for the same vehicle resumes where it stopped. */
export function fingerprintOf(contentId: string, file: File): string {
  return ['spinyard-exterior', contentId, file.name, file.size, file.lastModified].join('|');
}

function scheduleRetry(key: string): void {
  const entry = entries.get(key);
  if (entry?.view.state !== 'offline') return;
  window.clearTimeout(entry.retryTimer);
  entry.retryTimer = window.setTimeout(() => resumeUpload(key), OFFLINE_RETRY_MS);
}

/** Back online: every upload waiting for the connection goes on at once. */
function onOnline(): void {
  for (const entry of entries.values()) if (entry.view.state === 'offline') resumeUpload(entry.view.key);
}
if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

export interface StartOptions {
  /** Called when the server's view of the uploads changed (created, finished, refused): read the spin again. */
  onServerChange: () => void;
}

/** A file's row before any byte is sent. */
const viewOf = (
  key: string,
  contentId: string,
  file: File,
  state: LocalUploadState,
  error: ApiError | null,
): LocalUpload => ({
  key,
  contentId,
  fileName: file.name,
  bytesTotal: file.size,
  bytesSent: 0,
  state,
  serverId: null,
  resumed: false,
  error,
  earlier: null,
});

/** Names an upload as a video uploaded before (the date of the first, and its vehicle when another). */
export function noteEarlierUpload(key: string, earlier: EarlierUpload): void {
  update(key, { earlier });
}

/** Lists a file the browser refused before sending it (checkUpload), with the server's words for the rule. */
export function refuseUpload(contentId: string, file: File, error: ApiError): void {
  sequence += 1;
  const key = `u${sequence}`;
  entries.set(key, { upload: null, retryTimer: undefined, view: viewOf(key, contentId, file, 'failed', error) });
  publish(contentId);
}

/** Sends one video for the vehicle's exterior; resumes an earlier upload of the same file when the browser kept one. */
export async function startUpload(contentId: string, file: File, options: StartOptions): Promise<string> {
  sequence += 1;
  const key = `u${sequence}`;
  const upload = new tus.Upload(file, {
    endpoint: VIDEO_UPLOAD_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (f) => fingerprintOf(contentId, f as File),
    metadata: { content_id: contentId, purpose: 'exterior', filename: file.name },
    // The token is read on every request: a long upload may outlive a token refresh.
    onBeforeRequest: (request) => {
      const token = tokens.content();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error) => retriable(error),
    onUploadUrlAvailable: () => {
      update(key, { serverId: idOfUrl(upload.url) });
      options.onServerChange();
    },
    onProgress: (sent, total) => {
      const entry = entries.get(key);
      // A progress event can arrive after a pause; it must not turn the state back.
      if (!entry) return;
      update(key, {
        bytesSent: sent,
        bytesTotal: total,
        ...(entry.view.state === 'offline' ? { state: 'uploading' } : {}),
      });
    },
    onSuccess: () => {
      update(key, { state: 'done', bytesSent: file.size, error: null });
      options.onServerChange();
    },
    onError: (error) => {
      const entry = entries.get(key);
      if (!entry || entry.view.state === 'paused' || entry.view.state === 'canceled') return;
      const failure = tusFailure(error);
      if (failure.status === 0 || failure.status >= 500) {
        // The connection is gone (or the server is restarting): wait for it, the bytes sent are kept.
        update(key, { state: 'offline' });
        scheduleRetry(key);
        return;
      }
      update(key, { state: 'failed', error: failure });
      options.onServerChange();
    },
  });
  entries.set(key, { upload, retryTimer: undefined, view: viewOf(key, contentId, file, 'uploading', null) });
  publish(contentId);
  try {
    const previous = await upload.findPreviousUploads();
    const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (latest?.uploadUrl) {
      upload.resumeFromPreviousUpload(latest);
      update(key, { resumed: true, serverId: idOfUrl(latest.uploadUrl) });
    }
  } catch {
    // No storage (private mode): a new upload.
  }
  upload.start();
  return key;
}

export function pauseUpload(key: string): void {
  const entry = entries.get(key);
  if (!entry || (entry.view.state !== 'uploading' && entry.view.state !== 'offline')) return;
  window.clearTimeout(entry.retryTimer);
  update(key, { state: 'paused' });
  void entry.upload?.abort(false);
}

export function resumeUpload(key: string): void {
  const entry = entries.get(key);
  if (!entry || (entry.view.state !== 'paused' && entry.view.state !== 'offline')) return;
  window.clearTimeout(entry.retryTimer);
  update(key, { state: 'uploading' });
  entry.upload?.start();
}

/** Stops an upload and deletes what the server holds of it (tus termination). */
export async function cancelUpload(key: string): Promise<void> {
  const entry = entries.get(key);
  if (!entry) return;
  window.clearTimeout(entry.retryTimer);
  update(key, { state: 'canceled' });
  try {
    await entry.upload?.abort(true);
  } catch {
    // Already gone on the server, or the connection is down: the server forgets unfinished uploads after a day.
  }
}

/**
 * The uploads a session's cancel deleted on the server: stopped here without asking the server again (one request
 * for them all, not one per upload), shown as canceled, and their addresses forgotten, so choosing the same file
 * again starts a new upload instead of resuming a deleted one.
 */
export async function stopCanceledUploads(serverIds: readonly string[]): Promise<void> {
  for (const [key, entry] of entries) {
    if (entry.view.serverId === null || !serverIds.includes(entry.view.serverId)) continue;
    window.clearTimeout(entry.retryTimer);
    update(key, { state: 'canceled' });
    void entry.upload?.abort(false).catch(() => undefined);
  }
  try {
    const kept = await tus.defaultOptions.urlStorage.findAllUploads();
    const gone = kept.filter((p) => serverIds.includes(idOfUrl(p.uploadUrl) ?? ''));
    await Promise.all(gone.map((p) => tus.defaultOptions.urlStorage.removeUpload(p.urlStorageKey)));
  } catch {
    // No storage (private mode): nothing kept to forget.
  }
}

/** Forgets a finished, refused or cancelled upload from the list. */
export function dismissUpload(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  publish(entry.view.contentId);
}

/** An upload the browser started on an earlier page for this vehicle and never finished (kept by tus). */
export interface InterruptedUpload {
  urlStorageKey: string;
  serverId: string | null;
  fileName: string;
  size: number | null;
  createdAt: string;
}

export async function findInterruptedUploads(contentId: string): Promise<InterruptedUpload[]> {
  let all: tus.PreviousUpload[] = [];
  try {
    all = await tus.defaultOptions.urlStorage.findAllUploads();
  } catch {
    return [];
  }
  const running = new Set([...entries.values()].map((e) => e.view.serverId));
  return all
    .filter((p) => p.metadata?.content_id === contentId && p.metadata?.purpose === 'exterior' && p.uploadUrl)
    .filter((p) => !running.has(idOfUrl(p.uploadUrl)))
    .map((p) => ({
      urlStorageKey: p.urlStorageKey,
      serverId: idOfUrl(p.uploadUrl),
      fileName: p.metadata?.filename ?? '',
      size: p.size,
      createdAt: p.creationTime,
    }));
}

/** Forgets the address the browser kept for an upload (the server's copy is left as it is). */
export async function forgetInterrupted(upload: InterruptedUpload): Promise<void> {
  try {
    await tus.defaultOptions.urlStorage.removeUpload(upload.urlStorageKey);
  } catch {
    // Storage unavailable: nothing kept to forget.
  }
}

/** Forgets an interrupted upload the browser kept, and deletes what the server holds of it. */
export async function discardInterrupted(upload: InterruptedUpload): Promise<void> {
  await forgetInterrupted(upload);
  if (!upload.serverId) return;
  try {
    await tus.Upload.terminate(`${VIDEO_UPLOAD_ENDPOINT}/${upload.serverId}`, {
      onBeforeRequest: (request) => {
        const token = tokens.content();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
    });
  } catch {
    // Already finished or gone: the server's row says what became of it.
  }
}

/** Cancels an upload the server lists (from an earlier page) that this page is not sending. */
export async function terminateServerUpload(serverId: string): Promise<void> {
  await tus.Upload.terminate(`${VIDEO_UPLOAD_ENDPOINT}/${serverId}`, {
    onBeforeRequest: (request) => {
      const token = tokens.content();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
  });
}
