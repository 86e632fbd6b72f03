/**
 * How many pictures of one kind this process decodes at once: one. A small file may declare a picture that decodes
 * to hundreds of megabytes (sixteen parallel uploads of a 110 kB PNG of 8192x4608 took the server from 785 MB to
 * 4 GB, issue 18), and libvips runs on the thread pool the file system shares, so sixteen decodes at once also
 * stall every request reading a file. Queued here, uploads of one kind take turns and memory stays flat; different
 * kinds (a category image and a panorama) still run side by side. Every decode in platform/media passes here.
 */

export type DecodeKind = 'image' | 'panorama';

interface Slot {
  active: number;
  peak: number;
  waiting: (() => void)[];
}

const AT_ONCE = 1;
const slots: Record<DecodeKind, Slot> = {
  image: { active: 0, peak: 0, waiting: [] },
  panorama: { active: 0, peak: 0, waiting: [] },
};

/** Runs `work` once no other decode of its kind runs; the waiting are served in arrival order. */
export async function withDecodeSlot<T>(kind: DecodeKind, work: () => Promise<T>): Promise<T> {
  const slot = slots[kind];
  if (slot.active >= AT_ONCE) await new Promise<void>((resolve) => slot.waiting.push(resolve));
  // A released place is handed over without being counted free, so a newcomer cannot overtake the queue.
  else slot.active++;
  slot.peak = Math.max(slot.peak, slot.active);
  try {
    return await work();
  } finally {
    const next = slot.waiting.shift();
    if (next) next();
    else slot.active--;
  }
}

/** Decodes of a kind running and waiting now, and the most that ever ran at once (tests and benchmarks read it). */
export function decodeSlotUse(kind: DecodeKind): { active: number; waiting: number; peak: number } {
  const slot = slots[kind];
  return { active: slot.active, waiting: slot.waiting.length, peak: slot.peak };
}
