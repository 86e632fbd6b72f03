import sharp from 'sharp';
import { analysisImage } from './analysis.ts';
import { probeAudio, probeAudioTracks } from './audio-probe.ts';
import { createBlurMedia } from './blur.ts';
import { cropToSize } from './crop.ts';
import { extractSpinFrames } from './frame-extract.ts';
import { renderImage } from './image-renditions.ts';
import type { Media } from './media.ts';
import { stripMetadata } from './metadata-strip.ts';
import { createModelMedia } from './model-pixels.ts';
import { posterFrame, remuxToMp4, transcodeToMp4 } from './movie-files.ts';
import { renderMovie } from './movie-render.ts';
import { renderPanoramaViews } from './movie-views.ts';
import { encodeMusicM4a } from './music-audio.ts';
import { createPanoramaMedia } from './panorama.ts';
import { createSharpMedia } from './sharp-media.ts';
import { createSimilarityMedia } from './similarity.ts';
import { encodeSpeechMp3 } from './speech-audio.ts';
import { renderSpinFrames } from './spin-renditions.ts';
import { probeVideo } from './video-probe.ts';

export type { AudioProbe, ProbedAudio, ProbedAudioTrack } from './audio-probe.ts';
export type { BlurArea, BlurredImage, BlurSpec } from './blur.ts';
export { stopMediaChildren } from './ffmpeg.ts';
export type {
  AnalysisImage,
  MeasuredImage,
  Media,
  ProbedVideo,
  ReencodeOptions,
  RenderedImage,
  RenditionSpec,
  StoredImageFormat,
  StrippedContainer,
  VideoProbe,
  VideoProbeFailure,
} from './media.ts';
export { reapMediaChildren, recordMediaChildrenIn } from './media-children.ts';
export type { PanoramaAdjustments, PanoramaMeasure, PanoramaSpec, RenderedPanorama } from './panorama.ts';

/** Images through sharp, video through ffprobe and ffmpeg (platform/media/ffmpeg.ts). */
export function createMedia(): Media {
  // libvips caches recent operations (up to 50 MB) for programs that redo the same one; every image here is
  // decoded once and never again, so the cache would only hold on to memory a spin's renders need.
  sharp.cache(false);
  return {
    ...createSharpMedia(),
    ...createPanoramaMedia(),
    ...createBlurMedia(),
    ...createModelMedia(),
    ...createSimilarityMedia(),
    probeVideo: (file) => probeVideo(file),
    probeAudio: (file) => probeAudio(file),
    probeAudioTracks: (file) => probeAudioTracks(file),
    renderImage,
    analysisImage,
    cropToSize,
    extractSpinFrames,
    renderSpinFrames,
    stripMetadata,
    remuxToMp4,
    posterFrame,
    transcodeToMp4,
    encodeSpeechMp3,
    encodeMusicM4a,
    renderMovie,
    renderPanoramaViews,
  };
}
