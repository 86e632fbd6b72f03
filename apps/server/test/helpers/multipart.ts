import { randomBytes } from 'node:crypto';

/** The file part of a multipart body: the field is always `file`, as the console's uploadFile sends it. */
export interface MultipartFile {
  data: Buffer;
  name?: string;
  type?: string;
}

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** A multipart/form-data body: text fields, then one file (field `file`) when given. */
export function multipart(fields: Record<string, string>, file?: MultipartFile): MultipartBody {
  const boundary = `----spinyard${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'picture.jpg'}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A body of one file and no other field. */
export const multipartFile = (data: Buffer, name?: string, type?: string): MultipartBody =>
  multipart({}, { data, ...(name === undefined ? {} : { name }), ...(type === undefined ? {} : { type }) });
