import { describeErrorResponse } from '@spinyard/domain';
import { ApiError } from '../../api/apiError.ts';
import { audioContainerOfHeader, containerOfHeader, HEADER_BYTES, pictureOfHeader } from './fileHeader.ts';
import { type FileFacts, factsNeeded, type UploadRule, uploadRefusal } from './uploadRules.ts';

/**
 * Reads what a rule needs of a chosen file in the browser (its first bytes; for a video, its metadata through a
 * `<video preload="metadata">` on an object URL, which gives the duration and the picture as shown, after the
 * rotation flag) and judges it by the server's rule. Nothing is sent.
 */

/**
 * What a media element reads of the file's metadata (no more than the header and index it needs), or undefined when
 * the browser cannot read it (a format it does not play: the server decides).
 */
function mediaMetadata<T>(file: File, tag: 'video' | 'audio', read: (element: HTMLVideoElement) => T | undefined) {
  return new Promise<T | undefined>((resolve) => {
    const url = URL.createObjectURL(file);
    const element = document.createElement(tag) as HTMLVideoElement;
    const done = (facts: T | undefined) => {
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    element.preload = 'metadata';
    element.muted = true;
    element.onloadedmetadata = () => done(read(element));
    element.onerror = () => done(undefined);
    element.src = url;
  });
}

/** How the browser shows a video: the picture after the rotation flag, and the duration. */
const videoMetadata = (file: File): Promise<FileFacts['video']> =>
  mediaMetadata(file, 'video', (video) =>
    video.videoWidth > 0 && Number.isFinite(video.duration)
      ? { width: video.videoWidth, height: video.videoHeight, durationSeconds: video.duration }
      : undefined,
  );

/** A sound's duration as the browser reads it from the file's own metadata. */
const audioDuration = (file: File): Promise<number | undefined> =>
  mediaMetadata(file, 'audio', (audio) => (Number.isFinite(audio.duration) ? audio.duration : undefined));

async function factsOf(file: File, rule: UploadRule): Promise<FileFacts> {
  const needed = factsNeeded(rule);
  if (needed === 'none') return { bytes: file.size };
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  if (needed === 'picture') return { bytes: file.size, picture: pictureOfHeader(head) };
  if (needed === 'audio') {
    const container = audioContainerOfHeader(head);
    // A sound the server refuses by its container needs no reading of its length.
    const durationSeconds = container ? await audioDuration(file) : undefined;
    return { bytes: file.size, audio: { container, durationSeconds } };
  }
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
