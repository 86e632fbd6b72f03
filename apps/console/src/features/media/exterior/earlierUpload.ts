import type { UploadedBeforeAnswer } from '@spinyard/domain';
import { apiGet, CONTENT_API_BASE } from '../../../api/client.ts';

/**
 * Whether the same video (the same bytes, by SHA-256) was made into a spin of this vehicle before, asked while it
 * uploads so the dealer sees "already uploaded on <date>" before it is processed. Files too large to hash in the
 * page's memory, and any failure, answer null: the note is a help, never a gate.
 */
const MAX_HASHED_BYTES = 512 * 1024 * 1024;

const hex = (buffer: ArrayBuffer): string =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function earlierUploadOf(contentId: string, file: File): Promise<string | null> {
  if (file.size > MAX_HASHED_BYTES || !globalThis.crypto?.subtle) return null;
  try {
    const sha256 = hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
    const answer = await apiGet<UploadedBeforeAnswer>(
      `${CONTENT_API_BASE}/exterior/${encodeURIComponent(contentId)}/uploaded_before`,
      { query: { sha256 }, errors: 'silent' },
    );
    return answer.uploaded_at;
  } catch {
    return null;
  }
}
