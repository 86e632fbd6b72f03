import type { TrackKey } from '@spinyard/domain';
import type { KeyboardEvent } from 'react';

/**
 * The keys of a frame editor (the hotspot annotator's stage, the blur editor's canvas): one focusable surface whose
 * arrow keys move the selected thing on the frame shown, Delete removes it, Page Up / Page Down (or , and .) go
 * to the previous or next frame. What each action does is the editor's: it says whether it took the key.
 */

/** One arrow key press: 1 % of the frame (a tenth of that with Alt, for fine work). */
export const NUDGE_STEP = 0.01;

/** What a key asks the stage for: arrows (`shift` when Shift was held: the blur editor resizes then), Delete, a frame. */
export type StageKey =
  | { kind: 'nudge'; dx: number; dy: number; shift: boolean }
  | { kind: 'remove' }
  | { kind: 'step'; by: -1 | 1 };

const STEPS: Record<string, -1 | 1> = { PageUp: -1, ',': -1, PageDown: 1, '.': 1 };

/** The editor action a key asks for, or null for a key the stage leaves alone. */
export function stageKeyOf(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'shiftKey'>): StageKey | null {
  const step = event.altKey ? NUDGE_STEP / 10 : NUDGE_STEP;
  const arrows: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const arrow = arrows[event.key];
  if (arrow) return { kind: 'nudge', dx: arrow[0], dy: arrow[1], shift: event.shiftKey };
  if (event.key === 'Delete' || event.key === 'Backspace') return { kind: 'remove' };
  const by = STEPS[event.key];
  return by ? { kind: 'step', by } : null;
}

/**
 * A stage's key handler: the key's action given to `act`; when it was taken, nothing else sees the key (the blur
 * editor sits inside the wizard's form, whose keys must not fire).
 */
export function stageKeyHandler(act: (key: StageKey) => boolean) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const key = stageKeyOf(event);
    if (!key || !act(key)) return;
    event.preventDefault();
    event.stopPropagation();
  };
}

/** Whether a track has a key on `frame`. */
export const hasKeyOn = (keys: readonly TrackKey[], frame: number): boolean => keys.some((k) => k.frame === frame);

/** `frame` brought round into 0..n-1 (a spin is a circle). */
export const wrapFrame = (frame: number, n: number): number => ((frame % n) + n) % n;

/** Where a pointer is over `element`, as fractions of its size (0..1 from the top left). */
export function pointIn(element: Element | null, event: { clientX: number; clientY: number }) {
  const rect = element?.getBoundingClientRect();
  if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
  return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
}
