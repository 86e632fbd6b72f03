import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { Icon } from '../icons.tsx';
import type { SpinSnapshot, SpinView } from './spin-view.ts';

/** The spin's buttons: turn, zoom, full screen and, with several rows, the row above and below. */
export function Controls(props: {
  view: SpinView;
  snapshot: SpinSnapshot;
  stage: HTMLElement;
  zoomStep: number;
  onTurn(): void;
}) {
  const { t } = useI18n();
  const { view, snapshot, stage, zoomStep } = props;
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement === stage);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [stage]);

  const rows = view.rowCount();
  const scale = snapshot.zoom.scale;
  const turn = (d: number) => {
    view.turn(d);
    props.onTurn();
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <div className="controls" data-no-drag="">
      <button type="button" className="control" onClick={() => turn(1)} aria-label={t('turn_left')}>
        <Icon name="left" />
      </button>
      <button type="button" className="control" onClick={() => turn(-1)} aria-label={t('turn_right')}>
        <Icon name="right" />
      </button>
      <button type="button" className="control" onClick={() => view.zoomTo(scale * zoomStep)} aria-label={t('zoom_in')}>
        <Icon name="plus" />
      </button>
      <button
        type="button"
        className="control"
        onClick={() => view.zoomTo(scale / zoomStep)}
        aria-label={t('zoom_out')}
        disabled={scale <= 1}
      >
        <Icon name="minus" />
      </button>
      {rows > 1 && (
        <>
          <button
            type="button"
            className="control"
            onClick={() => view.changeRow(-1)}
            aria-label={t('row_up')}
            disabled={snapshot.row === 0}
          >
            <Icon name="up" />
          </button>
          <span className="control-text" aria-live="polite">
            {t('row_of', { n: snapshot.row + 1, total: rows })}
          </span>
          <button
            type="button"
            className="control"
            onClick={() => view.changeRow(1)}
            aria-label={t('row_down')}
            disabled={snapshot.row === rows - 1}
          >
            <Icon name="down" />
          </button>
        </>
      )}
      {document.fullscreenEnabled && (
        <button
          type="button"
          className="control"
          onClick={toggleFullscreen}
          aria-label={fullscreen ? t('exit_fullscreen') : t('fullscreen')}
          aria-pressed={fullscreen}
        >
          <Icon name="expand" />
        </button>
      )}
    </div>
  );
}
