import type { AnalysisMedia } from './analysis.ts';
import type { AudioProbe, ProbedAudioTrack } from './audio-probe.ts';
import type { BlurMedia } from './blur.ts';
import type { CropMedia } from './crop.ts';
import type { SpinExtraction, SpinExtractOptions } from './frame-extract.ts';
import type { StrippedContainer } from './metadata-strip.ts';
import type { ModelMedia } from './model-pixels.ts';
import type { MovieFileResult } from './movie-files.ts';
import type { MovieRenderRequest, MovieRenderResult } from './movie-render.ts';
import type { PanoramaViewsRequest } from './movie-views.ts';
import type { PanoramaMedia } from './panorama.ts';
import type { SimilarityMedia } from './similarity.ts';
import type { RenderedSpinFrame, SpinRenderOptions, SpinRenditionSpec } from './spin-renditions.ts';

// What the areas may know of the adapter's parts: their shapes and the errors they throw, never their functions.
export type { AnalysisImage } from './analysis.ts';
export type { AudioProbe, ProbedAudio, ProbedAudioTrack } from './audio-probe.ts';
export type { BlurArea, BlurredImage, BlurSpec, SubjectMask } from './blur.ts';
export type { SpinCandidate, SpinExtraction, SpinExtractOptions } from './frame-extract.ts';
export { FrameSignatureError } from './frame-signatures.ts';
export { ImageDecodeError } from './image-guard.ts';
export type { StrippedContainer } from './metadata-strip.ts';
export type { ModelPixels, ModelPixelsOptions } from './model-pixels.ts';
export type { MovieFileResult } from './movie-files.ts';
export type {
  MovieCaption,
  MovieMotion,
  MovieOutput,
  MovieRenderRequest,
  MovieRenderResult,
  MovieScene,
  MovieShot,
  MovieTextRole,
} from './movie-render.ts';
export type { PanoramaView, PanoramaViewsRequest } from './movie-views.ts';
export type { PanoramaAdjustments, PanoramaMeasure, PanoramaSpec, RenderedPanorama } from './panorama.ts';
export type { SimilaritySpec } from './similarity.ts';
export type { RenderedSpinFrame, SpinRenderOptions, SpinRenditionSpec } from './spin-renditions.ts';

/**
 * The one adapter for image and video work: nothing outside platform/media imports sharp or runs
 * ffmpeg (test/structure/media-imports.test.ts). Areas receive it through their module context.
 */

/**
 * The facts the domain package's image rules are judged on, measured from the bytes: the type from the magic
 * numbers, the pixel size from the decoder. A file name or a declared type never counts.
 */
export interface MeasuredImage {
  /** Detected MIME type, or `application/octet-stream` when the bytes are no image we recognise. */
  mime: string;
  bytes: number;
  width: number | undefined;
  height: number | undefined;
}

export type StoredImageFormat = 'png' | 'jpeg';

export interface ReencodeOptions {
  format: StoredImageFormat;
  /** Shrinks (never enlarges) to fit inside this box; omitted when the rule already fixed the size. */
  fitWithin?: { width: number; height: number };
}

/**
 * What a video is, read from its headers by ffprobe (nothing decoded). The domain's video rules
 * (`exteriorVideoRefusal`) judge these facts; `width` and `height` are the picture as shown, after the rotation
 * flag phones use to store portrait video as landscape pixels.
 */
export interface ProbedVideo {
  /** ffprobe's `format_name`, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `avi`, `asf`, `mpeg`. */
  container: string;
  /** ffprobe's codec name of the picture, e.g. `h264`, `hevc`. */
  codec: string;
  width: number;
  height: number;
  /** The stored pixel size, before the rotation. */
  codedWidth: number;
  codedHeight: number;
  /** Clockwise degrees the picture is turned when shown: 0, 90, 180 or 270. */
  rotation: number;
  durationSeconds: number;
  /** Average frames per second (NaN when the file does not say). */
  frameRate: number;
  /** Frames the container declares, when it declares them (counting them would mean decoding). */
  frameCount: number | undefined;
  hasAudio: boolean;
  /** The YCbCr matrix of the picture (the stream's, or its size's convention when it does not say). */
  colorMatrix?: 'bt601' | 'bt709' | 'bt2020' | undefined;
  /** The samples use the full 0..255 range (some Android phones), not the studio range 16..235. */
  fullRange?: boolean | undefined;
}

/**
 * Why a file is no usable video. Every reason is the catalogue's `video_invalid_file` to the user; the reason
 * is for the log. `timeout`: ffprobe did not answer within its limit.
 */
export type VideoProbeFailure = 'unreadable' | 'no_video' | 'no_duration' | 'timeout';

export type VideoProbe = { ok: true; video: ProbedVideo } | { ok: false; reason: VideoProbeFailure; detail: string };

/** What `renderImage` makes: a master JPEG and, per rendition, a JPEG and a WebP. */
export interface RenditionSpec {
  /** Decoding is refused above this many pixels (a decompression bomb), before any pixel is decoded. */
  maxInputPixels: number;
  /** Caps the master's size (kept inside the box, never enlarged); absent: the input's own size. */
  master?: { width: number; height: number } | undefined;
  masterQuality?: number;
  /** Widths by size name; a rendition is never wider than the master. */
  renditions: Record<string, { width: number }>;
  quality: { jpeg: number; webp: number };
  /**
   * How hard the encoders work at the same quality: `compact` (the default) for the smallest files (mozjpeg's
   * trellis and progressive JPEG, WebP effort 3); `fast` for many large images at once, such as a spin's frames
   * (libjpeg-turbo with optimised Huffman tables, WebP effort 1): a few times faster, some 10 to 20 % larger.
   */
  encoding?: 'compact' | 'fast' | undefined;
}

export interface RenderedImage {
  width: number;
  height: number;
  master: Buffer;
  renditions: Record<string, { width: number; height: number; jpeg: Buffer; webp: Buffer }>;
}

/** Video and audio files through ffmpeg: a spin's frames, playable copies, posters, spoken previews. */
export interface VideoMedia {
  /** One decode pass over a spin video: candidate frames and their signatures (frame-extract.ts). */
  extractSpinFrames(file: string, options: SpinExtractOptions): Promise<SpinExtraction>;
  /** A spin's chosen frames in every size, in order (spin-renditions.ts); rejects with a SpinRenderError. */
  renderSpinFrames(
    frames: readonly string[],
    frame: { width: number; height: number },
    spec: SpinRenditionSpec,
    options: SpinRenderOptions,
  ): Promise<RenderedSpinFrame[]>;
  /**
   * A sound or video file's streams copied (nothing re-encoded) into `container` without any metadata: no location,
   * make, model, dates or chapters, no data or cover streams (metadata-strip.ts). Under a time limit.
   */
  stripMetadata(input: string, output: string, container: StrippedContainer): Promise<MovieFileResult>;
  /** An ISO video moved into MP4 as it is (no re-encoding, metadata dropped), under a time limit. */
  remuxToMp4(input: string, output: string): Promise<MovieFileResult>;
  /** A JPEG still of the video at `atSeconds`; undefined when none can be made. */
  posterFrame(file: string, atSeconds: number): Promise<Buffer | undefined>;
  /** Any video made into an MP4 every browser plays (H.264, AAC, at most 1280 px), under a time limit. */
  transcodeToMp4(input: string, output: string): Promise<MovieFileResult>;
  /** Spoken samples (16-bit mono) as an MP3. */
  encodeSpeechMp3(samples: Int16Array, sampleRate: number): Promise<Buffer>;
  /**
   * An audio file (WAV, MP3 or M4A) as the audio library's M4A: AAC stereo 44.1 kHz, no metadata (music-audio.ts).
   * Under a time limit; ffmpeg's refusal is the answer.
   */
  encodeMusicM4a(input: string, output: string): Promise<MovieFileResult>;
}

/** Content videos (issue 20): composing scenes into MP4s (movie-render.ts), an interior pan's frames (movie-views.ts). */
export interface MovieMedia {
  /** Every output of the movie rendered by one ffmpeg run; ffmpeg's refusal is the answer, never a throw. */
  renderMovie(request: MovieRenderRequest): Promise<MovieRenderResult>;
  /** The views of an equirectangular panorama as numbered JPEG frames: how many were written. */
  renderPanoramaViews(request: PanoramaViewsRequest): Promise<number>;
}

/** Interior panoramas: measuring, rendering with tiles, the image-quality corrections (panorama.ts). */
export interface Media
  extends PanoramaMedia,
    BlurMedia,
    VideoMedia,
    MovieMedia,
    ModelMedia,
    AnalysisMedia,
    CropMedia,
    SimilarityMedia {
  measureImage(data: Buffer): Promise<MeasuredImage>;
  /**
   * Decodes and encodes again: only pixels survive, so metadata (camera, GPS), colour-profile tricks, comments
   * and anything appended after the image data are gone before the file is published.
   */
  reencodeImage(data: Buffer, options: ReencodeOptions): Promise<Buffer>;
  /** Reads a video file's facts from its headers, under a time limit; never rejects for a bad file. */
  probeVideo(file: string): Promise<VideoProbe>;
  /** Reads an audio file's facts (MP3 or m4a) from its headers, under a time limit; never rejects for a bad file. */
  probeAudio(file: string): Promise<AudioProbe>;
  /** Every sound stream of an ISO-media video (original movies), from its headers; null when unreadable. */
  probeAudioTracks(file: string): Promise<ProbedAudioTrack[] | null>;
  /**
   * Decodes an image (a buffer, or a file path) once and makes its master JPEG and every rendition as JPEG and
   * WebP. Rejects for bytes that are no image or exceed `maxInputPixels`: check with measureImage first to refuse
   * with the right catalogue error.
   */
  renderImage(input: Buffer | string, spec: RenditionSpec): Promise<RenderedImage>;
}
