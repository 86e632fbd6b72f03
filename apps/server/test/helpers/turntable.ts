import { clip } from './clips.ts';

/**
 * A turntable-like walk-around made with ffmpeg, never committed: a scene that wraps around once per turn (a
 * strip whose pattern repeats every SCENE_WIDTH pixels, wider than the view by one view, so the crop never runs
 * off it) seen through a 320x180 window that moves at a steady speed, with camera noise and H.264 compression on
 * top. One scroll of SCENE_WIDTH pixels is one turn, so a video of `turns` turns has its close at
 * seconds / turns.
 */

export const TURNTABLE = { width: 320, height: 180, fps: 30, seconds: 10, sceneWidth: 1280 } as const;

/**
 * Luma of the scene: nine harmonics of the turn with falling strength (broad shapes and finer detail, as in a
 * photograph) and unrelated phases, so no part of the turn nearly repeats another; each is a whole number of
 * cycles per turn so the strip wraps without a seam, and each leans down the picture at its own angle. `P` is one
 * turn in pixels of the plane (the chroma planes are half as wide, so P is written as a share of the plane width W).
 */
const P = `(W*${TURNTABLE.sceneWidth}/${TURNTABLE.sceneWidth + TURNTABLE.width})`;
const harmonic = (k: number) =>
  `${(45 / k ** 0.8).toFixed(1)}*sin(2*PI*${k}*X/${P}+${((k * 2.39) % 6.28).toFixed(2)}+${k}*Y/120)`;
const LUMA = ['128', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(harmonic)].join('+');
const CB = `128+40*sin(2*PI*2*X/${P})`;
const CR = `128+40*cos(2*PI*5*X/${P}+Y/30)`;

/** The scene as one still strip, shared by every number of turns (made once, like the videos). */
function sceneStrip(): Promise<string> {
  const { width, height, sceneWidth } = TURNTABLE;
  return clip('turntable-strip', {
    ext: 'png',
    format: 'image2',
    args: [
      ...['-f', 'lavfi', '-i'],
      `nullsrc=s=${sceneWidth + width}x${height}:d=1,format=yuv444p,geq=lum='${LUMA}':cb='${CB}':cr='${CR}'`,
      ...['-frames:v', '1', '-c:v', 'png'],
    ],
  });
}

/**
 * The path of a turntable video making `turns` turns in 10 s at 30 fps, made on first use and then reused (once
 * per process, however many tests ask at once).
 */
export async function turntableVideo(turns: number): Promise<string> {
  const scene = await sceneStrip();
  const { width, height, fps, seconds, sceneWidth } = TURNTABLE;
  const pixelsPerFrame = (turns * sceneWidth) / (fps * seconds);
  return clip(`turntable-${turns}`, {
    ext: 'mp4',
    format: 'mp4',
    args: [
      ...['-loop', '1', '-framerate', String(fps), '-t', String(seconds), '-i', scene, '-vf'],
      `crop=${width}:${height}:x='mod(n*${pixelsPerFrame},${sceneWidth})':y=0,noise=alls=8:allf=t,format=yuv420p`,
      ...['-c:v', 'libx264', '-preset', 'ultrafast'],
    ],
  });
}
