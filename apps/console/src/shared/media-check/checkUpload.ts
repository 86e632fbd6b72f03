import { describeErrorResponse } from '@spinyard/domain';
import { ApiError } from '../../api/apiError.ts';
import { containerOfHeader, HEADER_BYTES, pictureOfHeader } from './fileHeader.ts';
import { type FileFacts, factsNeeded, type UploadRule, uploadRefusal } from './uploadRules.ts';

/**
 * Reads what a rule needs of a chosen file in the browser (its first bytes; for a video, its metadata through a
 * `<video preload="metadata">` on an object URL, which gives the duration and the picture as shown, after the
 * rotation flag) and judges it by the server's rule. Nothing is sent.
 */

/** How the browser shows a video: undefined when it cannot read it (a format it does not play: the server decides). */
function videoMetadata(file: File): Promise<FileFacts['video']> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (facts: FileFacts['video']) => {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(
        video.videoWidth > 0 && Number.isFinite(video.duration)
          ? { width: video.videoWidth, height: video.videoHeight, durationSeconds: video.duration }
          : undefined,
      );
    video.onerror = () => done(undefined);
    video.src = url;
  });
}

async function factsOf(file: File, rule: UploadRule): Promise<FileFacts> {
  const needed = factsNeeded(rule);
  if (needed === 'none') return { bytes: file.size };
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  if (needed === 'picture') return { bytes: file.size, picture: pictureOfHeader(head) };
  const container = containerOfHeader(head);
  // A container the server refuses needs no decoding to be refused.
  return { bytes: file.size, container, video: await videoMetadata(file) };
}

/**
 * The server's refusal of this file under the rule, as the client's error (the shape the server answers, so every
 * field shows it with the words it shows the server's), or null when the browser finds nothing wrong.
 */
export async function checkUpload(file: File, rule: UploadRule): Promise<ApiError | null> {
  if (file.size > rule.maxBytes) return refusalError(uploadRefusal(rule, { bytes: file.size }));
  return refusalError(uploadRefusal(rule, await factsOf(file, rule)));
}

function refusalError(refusal: ReturnType<typeof uploadRefusal>): ApiError | null {
  if (!refusal) return null;
  const body = { error: { code: refusal.code, user_message: refusal.message, params: refusal.params } };
  return new ApiError(refusal.status, body, describeErrorResponse(refusal.status, body));
}
