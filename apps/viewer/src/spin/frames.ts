import type { MediaImageAnswer } from '@spinyard/domain';

/**
 * The spin's pictures: every frame's small size first, then its display size, each tier in order of distance
 * from the angle on screen (re-read at every pick, so a drag reorders what comes next), a few requests at a time.
 * A picture counts as loaded once decoded, so drawing it never waits (no flicker, no half-painted frame).
 */

export type Tier = 'thumbnail' | 'display' | 'zoom';
const TIERS: readonly Tier[] = ['thumbnail', 'display'];
/** Six at a time: what one HTTP/1.1 host gets; more would only queue in the browser without our ordering. */
const PARALLEL = 6;

export type Picture = HTMLImageElement;

interface Slot {
  images: MediaImageAnswer;
  got: Partial<Record<Tier, Picture>>;
  asked: Set<Tier>;
}

/** Forward or backward, whichever is shorter, on a circle of `n`. */
export const circularDistance = (a: number, b: number, n: number): number => {
  const d = Math.abs(a - b) % n;
  return Math.min(d, n - d);
};

export function urlOf(image: MediaImageAnswer, tier: Tier, webp: boolean): string | undefined {
  const r = image.renditions[tier];
  return r ? (webp ? r.webp : r.jpeg) : undefined;
}

export async function decodedImage(url: string): Promise<Picture> {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  await img.decode();
  return img;
}

export class SpinFrames {
  private readonly slots: Slot[][];
  private running = 0;
  private position = { row: 0, frame: 0 };
  private stopped = false;

  constructor(
    rows: readonly (readonly MediaImageAnswer[])[],
    private readonly webp: boolean,
    private readonly onLoaded: (row: number, frame: number, tier: Tier) => void,
  ) {
    this.slots = rows.map((frames) => frames.map((images) => ({ images, got: {}, asked: new Set<Tier>() })));
  }

  /** Where the buyer looks now: what loads next is nearest to it. */
  setPosition(row: number, frame: number): void {
    this.position = { row, frame };
  }

  /** A picture decoded elsewhere (the page's first frame) taken as this frame's. */
  adopt(row: number, frame: number, tier: Tier, picture: Picture): void {
    const slot = this.slots[row]?.[frame];
    if (!slot) return;
    slot.got[tier] = picture;
    slot.asked.add(tier);
  }

  /** The sharpest picture of a frame there is, if any. */
  best(row: number, frame: number): Picture | undefined {
    const got = this.slots[row]?.[frame]?.got;
    return got?.zoom ?? got?.display ?? got?.thumbnail;
  }

  has(row: number, frame: number, tier: Tier): boolean {
    return this.slots[row]?.[frame]?.got[tier] !== undefined;
  }

  /** Whether every frame of a row has at least its small picture: the whole spin can be turned. */
  rowReady(row: number): boolean {
    return (this.slots[row] ?? []).every((s) => s.got.thumbnail || s.got.display || s.got.zoom);
  }

  start(): void {
    this.pump();
  }

  stop(): void {
    this.stopped = true;
  }

  /** The zoom size of one frame, on demand (never part of the queue: it is large). */
  async zoom(row: number, frame: number): Promise<Picture | undefined> {
    const slot = this.slots[row]?.[frame];
    if (!slot) return undefined;
    if (slot.got.zoom) return slot.got.zoom;
    const url = urlOf(slot.images, 'zoom', this.webp);
    if (!url || slot.asked.has('zoom')) return undefined;
    slot.asked.add('zoom');
    try {
      slot.got.zoom = await decodedImage(url);
      this.onLoaded(row, frame, 'zoom');
      return slot.got.zoom;
    } catch {
      slot.asked.delete('zoom');
      return undefined;
    }
  }

  /** The next picture to ask for: lowest tier first, then the row on screen, then the nearest angle. */
  private next(): { row: number; frame: number; tier: Tier } | undefined {
    for (const tier of TIERS) {
      let bestScore = Number.POSITIVE_INFINITY;
      let pick: { row: number; frame: number; tier: Tier } | undefined;
      this.slots.forEach((frames, row) => {
        const rowCost = Math.abs(row - this.position.row) * 1000;
        frames.forEach((slot, frame) => {
          if (slot.asked.has(tier) || (tier === 'thumbnail' && (slot.got.display || slot.got.zoom))) return;
          const score = rowCost + circularDistance(frame, this.position.frame, frames.length);
          if (score < bestScore) {
            bestScore = score;
            pick = { row, frame, tier };
          }
        });
      });
      if (pick) return pick;
    }
    return undefined;
  }

  private pump(): void {
    while (!this.stopped && this.running < PARALLEL) {
      const job = this.next();
      if (!job) return;
      const slot = this.slots[job.row]?.[job.frame];
      const url = slot ? urlOf(slot.images, job.tier, this.webp) : undefined;
      slot?.asked.add(job.tier);
      if (!slot || !url) continue;
      this.running++;
      decodedImage(url)
        .then((picture) => {
          slot.got[job.tier] = picture;
          this.onLoaded(job.row, job.frame, job.tier);
        })
        // A frame that fails keeps its other sizes (or the neighbour drawn in its place); no retry storm.
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
