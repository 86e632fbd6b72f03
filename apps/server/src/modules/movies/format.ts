import { MOVIE_OPENING_SECONDS } from '@spinyard/domain';

/**
 * What a content video looks like, in numbers (docs/decisions.md, "Content videos: rendering"). The render reads
 * them from here; tests pass a smaller format (tiny sizes, short parts) to stay cheap, and the format is part of the
 * inputs' hash, so a movie made at another format is never taken for this one.
 */
export interface MovieFormat {
  /** The main size first (the `file_1080_key`), then the smaller one (`file_720_key`). */
  sizes: readonly [{ width: number; height: number }, { width: number; height: number }];
  /** The opening: its picture with a slow zoom under the title and subtitle. */
  openingSeconds: number;
  /** Each category image, with its slow zoom or pan and its text. */
  categorySeconds: number;
  /** One turn of a spin row (about 6 to 8 s reads as a smooth turn at 30 fps with blended frames). */
  turnSeconds: number;
  /** An interior scene without zoom points: a quarter turn from its start point. */
  panSeconds: number;
  /** At a zoom point: moving in, held with its caption, moving out. */
  zoomInSeconds: number;
  zoomHoldSeconds: number;
  /** The fastest the camera turns between two points, degrees a second. */
  panDegreesPerSecond: number;
  /** The held look at a scene's start point before the camera moves. */
  startHoldSeconds: number;
  crossfadeSeconds: number;
}

export const MOVIE_FORMAT: MovieFormat = {
  sizes: [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
  ],
  openingSeconds: MOVIE_OPENING_SECONDS,
  categorySeconds: 3.5,
  turnSeconds: 7,
  panSeconds: 6,
  zoomInSeconds: 0.8,
  zoomHoldSeconds: 2,
  panDegreesPerSecond: 60,
  startHoldSeconds: 0.6,
  crossfadeSeconds: 0.6,
};

/** The field of view at a scene's start and at a zoom point, degrees across. */
export const VIEW_FOV = { wide: 80, zoomed: 40 } as const;
