import { Divider, Image, Stack, Text } from '@mantine/core';
import { HOTSPOT_ICON_ID, HOTSPOT_LIMITS, type HotspotAnswer, type HotspotFileKind } from '@spinyard/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveHotspotFile, useUploadHotspotFile } from '../../../api/hotspots.ts';
import { FileSlot } from './FileSlot.tsx';
import { TextToAudio } from './TextToAudio.tsx';

const ACCEPT: Record<HotspotFileKind, string> = {
  image: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  audio: 'audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a',
  video: 'video/mp4,video/quicktime,video/x-m4v,video/x-ms-wmv,video/x-msvideo,.mp4,.mov,.m4v,.wmv,.avi',
  icon: 'image/png,.png',
};

const MAX: Record<HotspotFileKind, number> = {
  image: HOTSPOT_LIMITS.imageMaxBytes,
  audio: HOTSPOT_LIMITS.audioMaxBytes,
  video: HOTSPOT_LIMITS.videoMaxBytes,
  icon: HOTSPOT_LIMITS.iconMaxBytes,
};

/** The domain's rule each file answers to, judged in the browser before it is sent (shared/media-check). */
const RULE = { image: 'hotspot_image', audio: 'hotspot_audio', video: 'video', icon: 'icon' } as const;

/** The files a saved hotspot holds: the one its type opens (image, audio, video), and its custom icon. */
export function HotspotFiles({
  contentId,
  hotspot,
  readOnly,
}: {
  contentId: string;
  hotspot: HotspotAnswer;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadHotspotFile(contentId);
  const remove = useRemoveHotspotFile(contentId);
  const slot = (kind: HotspotFileKind, current: ReactNode | null) => (
    <FileSlot
      label={t(`annotations.files.${kind}`)}
      rule={t(`annotations.files.${kind}Rule`)}
      accept={ACCEPT[kind]}
      check={{ kind: RULE[kind], maxBytes: MAX[kind] }}
      current={current}
      readOnly={readOnly}
      testId={`hotspot-file-${kind}`}
      upload={(file, onProgress) => upload.mutateAsync({ id: hotspot.id, kind, file, onProgress })}
      remove={() => remove.mutateAsync({ id: hotspot.id, kind })}
    />
  );
  const picture = hotspot.image?.renditions.thumbnail ?? hotspot.image?.renditions.display;

  return (
    <Stack gap="md" data-testid="hotspot-files">
      <Divider label={t('annotations.files.title')} labelPosition="left" />
      {hotspot.type === 'image'
        ? slot('image', picture ? <Image src={picture.jpeg} alt="" maw={200} radius="sm" /> : null)
        : null}
      {hotspot.type === 'audio' ? (
        <>
          {slot(
            'audio',
            hotspot.audio ? (
              // biome-ignore lint/a11y/useMediaCaption: the hotspot's own sound, described by its title and body
              <audio controls src={hotspot.audio.url} style={{ width: '100%' }} data-testid="hotspot-audio-player" />
            ) : null,
          )}
          <TextToAudio
            key={hotspot.id}
            initialText={hotspot.body || hotspot.title}
            readOnly={readOnly}
            onSave={(mp3) => upload.mutateAsync({ id: hotspot.id, kind: 'audio', file: mp3, fileName: 'speech.mp3' })}
          />
        </>
      ) : null}
      {hotspot.type === 'video'
        ? slot(
            'video',
            hotspot.movie ? (
              <>
                {hotspot.movie.playable_url ? (
                  // biome-ignore lint/a11y/useMediaCaption: the dealer's own clip, previewed before publishing
                  <video controls src={hotspot.movie.playable_url} style={{ width: '100%', maxWidth: 320 }} />
                ) : null}
                {hotspot.movie.conversion === 'pending' || hotspot.movie.conversion === 'failed' ? (
                  <Text
                    size="xs"
                    c={hotspot.movie.conversion === 'failed' ? 'red.8' : 'gray.7'}
                    role="status"
                    data-testid="hotspot-video-conversion"
                  >
                    {t(`annotations.files.conversion.${hotspot.movie.conversion}`)}
                  </Text>
                ) : null}
              </>
            ) : null,
          )
        : null}
      {hotspot.custom_icon ? null : (
        <Text size="xs" c="gray.7">
          {t('annotations.files.standardIcon', { id: HOTSPOT_ICON_ID })}
        </Text>
      )}
      {slot(
        'icon',
        hotspot.custom_icon ? (
          <Image
            src={hotspot.custom_icon.url}
            alt=""
            w={40}
            h={40}
            fit="contain"
            style={{ background: 'repeating-conic-gradient(#dee2e6 0 25%, #fff 0 50%) 50% / 10px 10px' }}
          />
        ) : null,
      )}
    </Stack>
  );
}
