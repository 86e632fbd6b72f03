import { describeErrorResponse, type ErrorContext } from '@spinyard/domain';
import { ApiError } from './apiError.ts';
import { CONTENT_API_BASE } from './client.ts';
import { apiErrorText } from './errorText.ts';
import { notifyError } from './notify.ts';
import { tokens } from './tokens.ts';
import { buildUrl } from './url.ts';

/**
 * Sends one file (and text fields) as multipart/form-data to the content API with upload progress, which fetch
 * cannot report: the image uploads of the media areas (panoramas, category images, rider view, replacement frames).
 * Failures reject with an ApiError like `apiRequest`; with `errors: 'notify'` they are also shown as a message.
 */
export interface UploadFileOptions {
  file: Blob;
  fileName?: string;
  fields?: Record<string, string>;
  /** 0 to 1, as bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  errors?: 'notify' | 'silent';
  errorContext?: ErrorContext;
}

export function uploadFile<T>(path: string, options: UploadFileOptions): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  // The file last: the server may read the fields before it streams the bytes.
  form.append('file', options.file, options.fileName ?? (options.file instanceof File ? options.file.name : 'file'));
  const url = buildUrl(path.startsWith('/') ? path : `${CONTENT_API_BASE}/${path}`, undefined, Date.now());

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = tokens.content();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const fail = (status: number, body: unknown) => {
      const error = new ApiError(status, body, describeErrorResponse(status, body, options.errorContext));
      if (options.errors === 'notify') notifyError(apiErrorText(error));
      reject(error);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
      } else fail(xhr.status, body);
    };
    xhr.onerror = () => fail(0, null);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
