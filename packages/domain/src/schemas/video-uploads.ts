import { z } from 'zod';
import { UPLOAD_STATUSES } from '../upload-status.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';

/**
 * Resumable video uploads (tus 1.0.0) on the content API, so a walk-around video sent from a lot over a weak
 * connection survives a dropped connection or a page reload. The console's tus client creates the upload at
 * `VIDEO_UPLOADS_PATH` (under /api/browser/v0) with `Upload-Length` and `Upload-Metadata`, then sends the bytes
 * with PATCH from the offset HEAD answers, and may DELETE it to cancel. The server checks each finished file by its
 * content and records the upload with the spec's upload states (upload-status.ts).
 */

/** Where uploads are created, under the content API prefix; an upload's own address is this plus `/{id}`. */
export const VIDEO_UPLOADS_PATH = '/uploads/videos';

/** What a video is uploaded for. Only the exterior spin for now; original content videos will join it. */
export const VIDEO_UPLOAD_PURPOSES = ['exterior'] as const;
export type VideoUploadPurpose = (typeof VIDEO_UPLOAD_PURPOSES)[number];

/**
 * The largest exterior video accepted, in bytes. The spec takes it "from settings" without a value and the domain
 * options have no size setting yet, so this is our default: 1 GiB holds a two-minute 4K phone clip.
 */
export const EXTERIOR_VIDEO_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * `Upload-Metadata` as the server reads it (tus encodes each value in base64; clients add keys of their own, such
 * as `filetype` or `relativePath`, which are ignored). The file name is shown to people only: the content decides.
 */
export const videoUploadMetadata = z.object({
  content_id: idSchema.describe('The vehicle the video is for'),
  purpose: z.enum(VIDEO_UPLOAD_PURPOSES).describe('What the video is for'),
  filename: z.string().max(255).optional().describe('Shown to people only; never used to decide the type'),
});
export type VideoUploadMetadata = z.output<typeof videoUploadMetadata>;

/** The declared size: a whole number of bytes, at least one (a deferred length is not accepted). */
export const uploadLengthSchema = z
  .string({ error: 'Send the file size in Upload-Length.' })
  .refine((v) => /^[1-9][0-9]{0,15}$/.test(v), ruleIssue('format', 'Upload-Length is a positive whole number.'))
  .transform(Number);

/** An upload's id: tus names uploads with 16 random bytes in hex. */
export const videoUploadParams = z.object({
  id: z.string().refine((v) => /^[0-9a-f]{32}$/.test(v), ruleIssue('format', 'Not an upload id.')),
});

export const videoUploadAnswer = z.object({
  id: z.string(),
  content_id: z.string(),
  purpose: z.enum(VIDEO_UPLOAD_PURPOSES),
  status: z
    .enum(UPLOAD_STATUSES)
    .describe('The upload states of the spec: requested while bytes arrive, ready when checked'),
  size: z.number().int().describe('Bytes declared at creation'),
  file_name: z.string().nullable(),
  container: z.string().nullable().describe('The container found in the file (mp4, mov...), once it is complete'),
  error_code: z.string().nullable().describe('The catalogue code of a refused file'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VideoUploadAnswer = z.output<typeof videoUploadAnswer>;

/**
 * `GET /session/start?contentsID=N` (second document, section 7: "GET /session/start with contentsID"; `/exterior`
 * "delete with sessionID"; shapes not shown): an exterior upload session, opened when the exterior editor opens.
 * Every upload the user starts on the vehicle from then on belongs to it, and `DELETE /exterior/{id}/session`
 * cancels those not yet taken by the spin pipeline (the dealer leaves the editor without keeping them).
 */
export const uploadSessionQuery = z.object({ contentsID: idSchema.describe('The vehicle') });
export type UploadSessionQuery = z.output<typeof uploadSessionQuery>;

/** A session id: its start (ms), its expiry (Unix seconds) and the server's signature, dot-separated. */
export const uploadSessionIdSchema = z
  .string()
  .refine((v) => /^\d{1,15}\.\d{1,12}\.[\w-]{22}$/.test(v), ruleIssue('format', 'Not an upload session id.'));

export const uploadSessionAnswer = z.object({
  session_id: z.string().describe('Send it back to cancel the session; only this user, for this vehicle'),
  content_id: idSchema,
  started_at: z.string(),
  expires_at: z.string().describe('After it, the session cancels nothing (unfinished uploads expire then too)'),
  upload_path: z.string().describe('Where the tus client creates uploads (under the content API)'),
  max_bytes: z.number().int().describe('The largest video accepted'),
  upload_limit: z.number().int().describe("Unfinished uploads the vehicle's domain allows at once"),
  uploads_in_use: z.number().int().describe('Unfinished uploads of the vehicle now, by anyone'),
});
export type UploadSessionAnswer = z.output<typeof uploadSessionAnswer>;

/** `DELETE /exterior/{content_id}/session?sessionID=...`. */
export const uploadSessionCancelQuery = z.object({ sessionID: uploadSessionIdSchema });
export const uploadSessionCancelAnswer = z.object({
  canceled: z.array(z.string()).describe('Uploads of the session canceled now, their bytes deleted'),
  taken: z.array(z.string()).describe('Uploads of the session the spin pipeline had taken already: left to it'),
});
export type UploadSessionCancelAnswer = z.output<typeof uploadSessionCancelAnswer>;
