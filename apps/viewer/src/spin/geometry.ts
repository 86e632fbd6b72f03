/** Where a picture is drawn in the stage: fitted whole (contain), then zoomed about the centre and panned. */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ZoomState {
  scale: number;
  /** Pan in stage pixels, from the centred position. */
  x: number;
  y: number;
}

export const NO_ZOOM: ZoomState = { scale: 1, x: 0, y: 0 };
export const MAX_ZOOM = 4;

export function pictureBox(stageW: number, stageH: number, picW: number, picH: number, zoom: ZoomState): Box {
  const fit = Math.min(stageW / picW, stageH / picH);
  const w = picW * fit * zoom.scale;
  const h = picH * fit * zoom.scale;
  return { x: (stageW - w) / 2 + zoom.x, y: (stageH - h) / 2 + zoom.y, w, h };
}

/** The pan kept so the picture always covers the stage where it is larger than it (no empty band dragged in). */
export function clampZoom(zoom: ZoomState, stageW: number, stageH: number, picW: number, picH: number): ZoomState {
  const scale = Math.min(MAX_ZOOM, Math.max(1, zoom.scale));
  if (scale === 1) return NO_ZOOM;
  const fit = Math.min(stageW / picW, stageH / picH);
  const maxX = Math.max(0, (picW * fit * scale - stageW) / 2);
  const maxY = Math.max(0, (picH * fit * scale - stageH) / 2);
  return { scale, x: Math.min(maxX, Math.max(-maxX, zoom.x)), y: Math.min(maxY, Math.max(-maxY, zoom.y)) };
}

/** Zoom to `scale` keeping the stage point (px, py) where it is (the wheel's or the pinch's centre). */
export function zoomAt(
  zoom: ZoomState,
  scale: number,
  px: number,
  py: number,
  stageW: number,
  stageH: number,
): ZoomState {
  const k = scale / zoom.scale;
  const cx = px - stageW / 2;
  const cy = py - stageH / 2;
  return { scale, x: cx - (cx - zoom.x) * k, y: cy - (cy - zoom.y) * k };
}

export const wrap = (i: number, n: number): number => ((i % n) + n) % n;
