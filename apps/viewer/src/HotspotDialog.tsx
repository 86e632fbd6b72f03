import { useEffect, useRef } from 'react';
import { CloseupSpin } from './CloseupSpin.tsx';
import { useI18n } from './i18n/i18n.ts';
import { Icon } from './icons.tsx';
import { Picture } from './Picture.tsx';
import { type AnyHotspot, safeUrl } from './page-data.ts';

/**
 * A hotspot opened: a modal dialog (the browser's own: focus kept inside, Escape closes, focus back after) with
 * its title and body as text, and its picture, 360 close-up, sound, video or video link. Never HTML from the dealer.
 */
export function HotspotDialog({ hotspot, onClose }: { hotspot: AnyHotspot | null; onClose(): void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (hotspot && !dialog.open) dialog.showModal();
    if (!hotspot && dialog.open) dialog.close();
  }, [hotspot]);

  const image = hotspot?.image?.renditions.display ?? hotspot?.image?.renditions.zoom;
  const watch = safeUrl(hotspot?.video_link?.watch_url);
  return (
    <dialog ref={ref} className="hotspot-dialog" aria-labelledby="hotspot-title" onClose={onClose}>
      {hotspot && (
        <div className="dialog-body">
          <div className="dialog-head">
            <h2 id="hotspot-title">{hotspot.title}</h2>
            <button type="button" className="control" onClick={onClose} aria-label={t('close')}>
              <Icon name="close" />
            </button>
          </div>
          {image && <Picture image={image} alt="" className="dialog-media" />}
          {hotspot.closeup && hotspot.closeup.frames.length > 0 && (
            <CloseupSpin frames={hotspot.closeup.frames} label={t('closeup_label', { title: hotspot.title })} />
          )}
          {hotspot.body !== '' && <p className="dialog-text">{hotspot.body}</p>}
          {hotspot.audio && (
            // biome-ignore lint/a11y/useMediaCaption: the dealer's recording has no caption track; its text is above
            <audio controls src={safeUrl(hotspot.audio.url)} className="dialog-media" />
          )}
          {hotspot.video &&
            (hotspot.video.format === 'mp4' ? (
              // biome-ignore lint/a11y/useMediaCaption: the dealer's video has no caption track; its text is above
              <video
                controls
                src={safeUrl(hotspot.video.url)}
                className="dialog-media"
                playsInline
                preload="metadata"
              />
            ) : (
              // A WMV or AVI no browser plays (its MP4 not made yet, or impossible): the file itself, to download.
              <a href={safeUrl(hotspot.video.url)} download className="video-link">
                {t('video_download', { format: hotspot.video.format.toUpperCase() })}
              </a>
            ))}
          {hotspot.video_link && watch && (
            <a href={watch} target="_blank" rel="noopener noreferrer" className="video-link">
              <img src={safeUrl(hotspot.video_link.thumbnail_url)} alt="" width={320} height={180} />
              <span>{t('watch_video')}</span>
            </a>
          )}
        </div>
      )}
    </dialog>
  );
}
