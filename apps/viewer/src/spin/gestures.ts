import type { SpinView } from './spin-view.ts';

/**
 * Pointer input on the stage. One finger or the mouse turns the spin sideways (a full stage width is about one and
 * a half turns); the stage's `touch-action: pan-y` leaves vertical swipes to the page, so a phone still scrolls.
 * The mouse and pen also change rows by dragging up and down; two fingers pinch to zoom; a zoomed picture is
 * panned instead of turned. The wheel zooms about the pointer.
 */

const ROW_STEP_PX = 60;
const WHEEL_ZOOM = 0.0015;

export interface GestureCallbacks {
  /** The buyer turned the spin (once per gesture): for the statistics. */
  onTurned(): void;
  /** Any input: stops the autoplay. */
  onInput(): void;
}

export function attachGestures(el: HTMLElement, view: SpinView, callbacks: GestureCallbacks): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let drag: { x: number; y: number; frameAcc: number; rowAcc: number; turned: boolean } | null = null;
  let pinch: { dist: number; scale: number } | null = null;

  const local = (e: { clientX: number; clientY: number }) => {
    const r = el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const down = (e: PointerEvent) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    // Hotspots and buttons inside the stage take their own clicks.
    if ((e.target as Element).closest('button, a, [data-no-drag]')) return;
    callbacks.onInput();
    pointers.set(e.pointerId, local(e));
    el.setPointerCapture?.(e.pointerId);
    if (pointers.size === 2) {
      pinch = { dist: spread(), scale: view.getSnapshot().zoom.scale };
      drag = null;
    } else if (pointers.size === 1) {
      drag = { ...local(e), frameAcc: 0, rowAcc: 0, turned: false };
    }
  };

  const move = (e: PointerEvent) => {
    if (!pointers.has(e.pointerId)) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      if (a && b && pinch.dist > 0)
        view.zoomTo((pinch.scale * spread()) / pinch.dist, (a.x + b.x) / 2, (a.y + b.y) / 2);
      return;
    }
    if (!drag) return;
    const dx = p.x - drag.x;
    const dy = p.y - drag.y;
    drag.x = p.x;
    drag.y = p.y;
    if (view.getSnapshot().zoom.scale > 1) {
      view.pan(dx, dy);
      return;
    }
    const n = view.frameCount();
    const stepPx = Math.max(3, el.clientWidth / (n * 1.5));
    drag.frameAcc += dx;
    const steps = Math.trunc(drag.frameAcc / stepPx);
    if (steps !== 0) {
      drag.frameAcc -= steps * stepPx;
      // Frames move the picture right to left (the domain's SPIN_DIRECTION): the car follows the finger.
      view.turn(-steps);
      if (!drag.turned) {
        drag.turned = true;
        callbacks.onTurned();
      }
    }
    if (e.pointerType !== 'touch' && view.rowCount() > 1) {
      drag.rowAcc += dy;
      const rows = Math.trunc(drag.rowAcc / ROW_STEP_PX);
      if (rows !== 0) {
        drag.rowAcc -= rows * ROW_STEP_PX;
        // Dragging up looks from higher: the row above.
        view.changeRow(-rows);
      }
    }
  };

  const up = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) drag = null;
  };

  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    callbacks.onInput();
    const p = local(e);
    const scale = view.getSnapshot().zoom.scale * Math.exp(-e.deltaY * WHEEL_ZOOM);
    view.zoomTo(scale, p.x, p.y);
  };

  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('wheel', wheel, { passive: false });
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
    el.removeEventListener('wheel', wheel);
  };
}
