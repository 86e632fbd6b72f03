import type { MediaImageAnswer } from '@spinyard/domain';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useI18n } from './i18n/i18n.ts';
import { safeUrl } from './page-data.ts';

/** Pixels of drag per frame: a close-up has few frames, so a short drag turns it all round. */
const PX_PER_FRAME = 12;

/**
 * A 360 close-up inside an opened hotspot: the detail's own short row of frames, turned by drag or arrow keys like
 * the main spin. Every frame is fetched when the hotspot opens and shown only once decoded, so turning never
 * shows a half-painted picture.
 */
export function CloseupSpin({ frames, label }: { frames: readonly { image: MediaImageAnswer }[]; label: string }) {
  const { t } = useI18n();
  const urls = frames.map((f) => {
    const r = f.image.renditions.display ?? f.image.renditions.thumbnail;
    return r ? safeUrl(r.webp) : undefined;
  });
  const first = frames[0]?.image.renditions.display ?? frames[0]?.image.renditions.thumbnail;
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(new Set());
  const [index, setIndex] = useState(0);
  const drag = useRef<{ x: number; from: number } | null>(null);

  // Once per opening: the frames of one hotspot never change while it is open.
  useEffect(() => {
    let live = true;
    urls.forEach((url, i) => {
      if (!url) return;
      const img = new Image();
      img.src = url;
      img
        .decode()
        .then(() => live && setLoaded((s) => new Set(s).add(i)))
        .catch(() => undefined);
    });
    return () => {
      live = false;
    };
  }, []);

  const n = frames.length;
  // The nearest decoded frame to the one asked for, so a fast turn before everything arrived still moves.
  const shown = (() => {
    for (let d = 0; d < n; d++) {
      for (const i of [(index + d) % n, (index - d + n) % n]) if (loaded.has(i)) return i;
    }
    return 0;
  })();
  const turn = (by: number) => setIndex((i) => (((i + by) % n) + n) % n);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') turn(1);
    else if (e.key === 'ArrowRight') turn(-1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, from: index };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!drag.current) return;
    const steps = Math.round((e.clientX - drag.current.x) / PX_PER_FRAME);
    setIndex((((drag.current.from + steps) % n) + n) % n);
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  if (n === 0 || !first) return null;
  return (
    <div
      className="closeup"
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={n}
      aria-valuenow={index + 1}
      aria-valuetext={t('frame_of', { n: index + 1, total: n })}
      data-frame={shown}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <img
        src={urls[shown] ?? safeUrl(first.webp)}
        width={first.width}
        height={first.height}
        alt=""
        className="dialog-media"
        draggable={false}
      />
    </div>
  );
}
