/**
 * Frame signatures for the seamless loop (packages/domain/src/media/loop.ts): every sampled frame as a tiny
 * grayscale thumbnail, read from ffmpeg's pipe as it comes (frame-extract.ts, the spin's one decode pass), so memory
 * grows with the thumbnails (576 bytes a frame at 32x18) and never with the video's resolution or length beyond
 * that. The picture is as shown (ffmpeg applies the rotation flag), averaged down by area so camera noise mostly
 * cancels.
 */

export interface FrameSignatures {
  width: number;
  height: number;
  /** One per sampled frame, in order: width*height gray levels, row by row. */
  frames: Uint8Array[];
  /** Presentation time of each frame in seconds, from ffmpeg's own timestamps. */
  times: number[];
}

export type FrameSignatureFailure = 'timeout' | 'too_many_frames' | 'aborted' | 'ffmpeg_failed';

export class FrameSignatureError extends Error {
  constructor(
    readonly reason: FrameSignatureFailure,
    detail: string,
  ) {
    super(`frame signatures: ${reason}${detail ? `: ${detail}` : ''}`);
    this.name = 'FrameSignatureError';
  }
}
