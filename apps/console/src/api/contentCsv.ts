import {
  type ContentCsvAnswer,
  type ContentCsvFieldError,
  contentCsvCellOf,
  contentCsvFieldError,
} from '@spinyard/domain';
import { apiRequest, CONTENT_API_BASE } from './client.ts';
import { contentKeys } from './contents.ts';
import { useRefetchingWrite } from './writes.ts';

/** A refused row of a vehicle CSV, as the bulk page lists it. */
export interface ContentCsvRefusal {
  row: number;
  item: string;
  rule: string;
  message: string;
  params: Record<string, string | number>;
}

/** The refused rows of a `content_csv_invalid` answer, in the server's order; [] for any other body. */
export function contentCsvRefusalsOf(body: unknown): ContentCsvRefusal[] {
  if (typeof body !== 'object' || body === null) return [];
  const error = (body as { error?: { code?: unknown; fields?: unknown } }).error;
  if (error?.code !== 'content_csv_invalid' || !Array.isArray(error.fields)) return [];
  return error.fields.flatMap((f) => {
    const parsed = contentCsvFieldError.safeParse(f);
    const cell = parsed.success ? contentCsvCellOf(parsed.data.field) : null;
    if (!parsed.success || !cell) return [];
    const e: ContentCsvFieldError = parsed.data;
    return [{ ...cell, rule: e.rule, message: e.message, params: e.params ?? {} }];
  });
}

/**
 * POST /contents/csv (or /contents/csv_check) with the file's bytes as text/csv and the content token. Rejects
 * with an ApiError, as the client does, so the page reads the refused rows; nothing is notified here.
 */
export async function uploadContentCsv(file: Blob, check = false): Promise<ContentCsvAnswer> {
  const path = `${CONTENT_API_BASE}/contents/${check ? 'csv_check' : 'csv'}`;
  return (await apiRequest<ContentCsvAnswer>(path, { method: 'POST', csv: file, errors: 'silent' })).data;
}

/** The upload; every cached vehicle read (lists and details) is refetched after a success. */
export function useUploadContentCsv() {
  return useRefetchingWrite(contentKeys.all, (file: Blob) => uploadContentCsv(file));
}
