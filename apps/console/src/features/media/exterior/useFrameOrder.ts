import type { ExteriorFrameAnswer, ExteriorGroupAnswer } from '@spinyard/domain';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** The frames of a row in a new order: the one at `from` taken out and put at `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/**
 * A row's frames in their draft order, the chosen frame and the frame being dragged: the draft follows the server
 * whenever its order changes; a frame is chosen by the arrow keys (Home, End) and moved with Shift, focus following.
 */
export function useFrameOrder(group: ExteriorGroupAnswer, canReorder: boolean) {
  const byId = new Map(group.sheets.map((s) => [s.id, s]));
  const serverOrder = group.sheets.map((s) => s.id);
  const serverKey = serverOrder.join(',');
  const [order, setOrder] = useState<string[]>(serverOrder);
  const [selected, setSelected] = useState(0);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const focusNext = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the server whenever its order changes
  useEffect(() => {
    setOrder(serverKey === '' ? [] : serverKey.split(','));
    setSelected((s) => Math.min(s, Math.max(group.sheets.length - 1, 0)));
  }, [serverKey]);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    tiles.current[selected]?.focus();
  });

  const frames = order.map((id) => byId.get(id)).filter((f): f is ExteriorFrameAnswer => f !== undefined);
  const choose = (index: number) => {
    setSelected(index);
    focusNext.current = true;
  };

  const move = (from: number, to: number) => {
    if (!canReorder || to < 0 || to >= order.length) return;
    setOrder((o) => moved(o, from, to));
    choose(to);
  };

  const onTileKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? -1
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? 1
          : 0;
    if (step !== 0) {
      event.preventDefault();
      if (event.shiftKey) move(index, index + step);
      else if (index + step >= 0 && index + step < frames.length) choose(index + step);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      choose(event.key === 'Home' ? 0 : frames.length - 1);
    }
  };

  return {
    order,
    frames,
    selected,
    setSelected,
    dragFrom,
    setDragFrom,
    tiles,
    move,
    onTileKey,
    dirty: order.join(',') !== serverKey,
    undo: () => setOrder(serverOrder),
  };
}

export type FrameOrder = ReturnType<typeof useFrameOrder>;
