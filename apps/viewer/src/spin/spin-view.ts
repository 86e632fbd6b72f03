import type { MediaImageAnswer } from '@spinyard/domain';
import { type Picture, SpinFrames, type Tier } from './frames.ts';
import { type Box, clampZoom, NO_ZOOM, pictureBox, wrap, type ZoomState, zoomAt } from './geometry.ts';

export interface SpinSnapshot {
  row: number;
  frame: number;
  zoom: ZoomState;
  /** The current row has every frame at least small: it can be turned all round. */
  ready: boolean;
  /** Where the picture is drawn in the stage (CSS px), for the hotspots laid over it. */
  box: Box | null;
}

/**
 * The spin's state and its canvas: frame, row and zoom, drawn in one animation frame after any change, always
 * from a decoded picture (the sharpest there is of the frame, else the nearest frame that has one, so a fast drag
 * before everything arrived still moves). React reads the snapshot for the controls and hotspots only.
 */
export class SpinView {
  readonly frames: SpinFrames;
  private snapshot: SpinSnapshot;
  private readonly listeners = new Set<() => void>();
  private size = { w: 0, h: 0, dpr: 1 };
  private pending = 0;
  private drawn = false;

  constructor(
    private readonly rows: readonly (readonly MediaImageAnswer[])[],
    start: { row: number; frame: number },
    webp: boolean,
    private readonly canvas: HTMLCanvasElement,
    private readonly onFirstDraw: () => void,
  ) {
    this.snapshot = { row: start.row, frame: start.frame, zoom: NO_ZOOM, ready: false, box: null };
    this.frames = new SpinFrames(rows, webp, (row, frame, tier) => this.loaded(row, frame, tier));
    this.frames.setPosition(start.row, start.frame);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SpinSnapshot => this.snapshot;

  frameCount(row = this.snapshot.row): number {
    return this.rows[row]?.length ?? 0;
  }

  rowCount(): number {
    return this.rows.length;
  }

  resize(w: number, h: number, dpr: number): void {
    this.size = { w, h, dpr };
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.update({});
  }

  turn(delta: number): void {
    const n = this.frameCount();
    if (n > 0 && delta !== 0) this.update({ frame: wrap(this.snapshot.frame + delta, n) });
  }

  changeRow(delta: number): void {
    const row = Math.min(this.rows.length - 1, Math.max(0, this.snapshot.row + delta));
    if (row === this.snapshot.row) return;
    // The same angle on the other row: rows may have different frame counts.
    const frame = Math.round((this.snapshot.frame / this.frameCount()) * this.frameCount(row)) % this.frameCount(row);
    this.update({ row, frame });
  }

  zoomTo(scale: number, px = this.size.w / 2, py = this.size.h / 2): void {
    const pic = this.currentPicture();
    if (!pic) return;
    const next = zoomAt(this.snapshot.zoom, scale, px, py, this.size.w, this.size.h);
    this.update({ zoom: clampZoom(next, this.size.w, this.size.h, pic.naturalWidth, pic.naturalHeight) });
  }

  /**
   * Shows exactly this row, frame and zoom (the call's shared view follows its controller so): zoom and pan are
   * given relative to the stage (pan as a fraction of its width and height), so any screen shows the same part.
   */
  show(row: number, frame: number, zoom: { scale: number; x: number; y: number }): void {
    const r = Math.min(this.rows.length - 1, Math.max(0, row));
    const n = this.frameCount(r);
    if (n === 0) return;
    const pic = this.pictureFor(r, wrap(frame, n));
    const next = { scale: zoom.scale, x: zoom.x * this.size.w, y: zoom.y * this.size.h };
    this.update({
      row: r,
      frame: wrap(frame, n),
      zoom: pic ? clampZoom(next, this.size.w, this.size.h, pic.naturalWidth, pic.naturalHeight) : NO_ZOOM,
    });
  }

  /** The zoom relative to the stage, as show() takes it. */
  relativeZoom(): { scale: number; x: number; y: number } {
    const z = this.snapshot.zoom;
    return { scale: z.scale, x: this.size.w ? z.x / this.size.w : 0, y: this.size.h ? z.y / this.size.h : 0 };
  }

  pan(dx: number, dy: number): void {
    const pic = this.currentPicture();
    const z = this.snapshot.zoom;
    if (!pic || z.scale === 1) return;
    this.update({
      zoom: clampZoom(
        { ...z, x: z.x + dx, y: z.y + dy },
        this.size.w,
        this.size.h,
        pic.naturalWidth,
        pic.naturalHeight,
      ),
    });
  }

  destroy(): void {
    this.frames.stop();
    cancelAnimationFrame(this.pending);
    this.listeners.clear();
  }

  private loaded(row: number, frame: number, tier: Tier): void {
    const s = this.snapshot;
    const ready = this.frames.rowReady(s.row);
    // Only a picture that changes what is on screen (or the turnability) asks for a redraw.
    if (ready !== s.ready || (row === s.row && (frame === s.frame || s.box === null))) this.update({ ready });
    else if (row === s.row && tier === 'thumbnail') this.schedule();
  }

  private update(change: Partial<SpinSnapshot>): void {
    const s = { ...this.snapshot, ...change };
    if (change.row !== undefined || change.frame !== undefined) {
      this.frames.setPosition(s.row, s.frame);
      s.ready = this.frames.rowReady(s.row);
    }
    const pic = this.pictureFor(s.row, s.frame);
    s.box =
      pic && this.size.w > 0 ? pictureBox(this.size.w, this.size.h, pic.naturalWidth, pic.naturalHeight, s.zoom) : null;
    this.snapshot = s;
    for (const l of this.listeners) l();
    if (s.zoom.scale > 1) void this.frames.zoom(s.row, s.frame);
    this.schedule();
  }

  private currentPicture(): Picture | undefined {
    return this.pictureFor(this.snapshot.row, this.snapshot.frame);
  }

  /** The frame's own picture, else the nearest one of its row that has arrived. */
  private pictureFor(row: number, frame: number): Picture | undefined {
    const own = this.frames.best(row, frame);
    if (own) return own;
    const n = this.frameCount(row);
    for (let d = 1; d <= n / 2; d++) {
      const near = this.frames.best(row, wrap(frame + d, n)) ?? this.frames.best(row, wrap(frame - d, n));
      if (near) return near;
    }
    return undefined;
  }

  private schedule(): void {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.draw();
    });
  }

  private draw(): void {
    const pic = this.currentPicture();
    const ctx = this.canvas.getContext('2d');
    if (!pic || !ctx || this.size.w === 0) return;
    const { w, h, dpr } = this.size;
    const box = pictureBox(w, h, pic.naturalWidth, pic.naturalHeight, this.snapshot.zoom);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(pic, box.x, box.y, box.w, box.h);
    if (!this.drawn) {
      this.drawn = true;
      this.onFirstDraw();
    }
  }
}
