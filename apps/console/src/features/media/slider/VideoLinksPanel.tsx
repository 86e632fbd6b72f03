import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type SliderItemAnswer, videoIdOf, videoLinkBody, videoThumbnailUrl } from '@spinyard/domain';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useAddVideoLink, useDeleteSliderItem, useReorderSlider, useSlider } from '../../../api/slider.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { CaptionField } from './CaptionField.tsx';
import { ItemEditor } from './ItemEditor.tsx';
import { MediaList } from './MediaList.tsx';
import { mergeOrder } from './order.ts';
import { SliderNotLoaded } from './SliderNotLoaded.tsx';
import { fileRefusalText, notifyRefusal } from './sliderText.ts';

type LinkItem = Extract<SliderItemAnswer, { kind: 'video_link' }>;

/** The sharing site's still of a video; the link's id stays readable when the browser cannot reach the site. */
function VideoStill({ id, alt }: { id: string; alt: string }) {
  return (
    <img
      src={videoThumbnailUrl(id)}
      alt={alt}
      width={112}
      height={63}
      loading="lazy"
      referrerPolicy="no-referrer"
      style={{
        display: 'block',
        objectFit: 'cover',
        borderRadius: 4,
        background: 'var(--mantine-color-gray-2)',
        overflow: 'hidden',
        fontSize: 10,
      }}
    />
  );
}

/**
 * Video links of the slider: paste a video-sharing link (or an id) and see the 11-character id it gives before
 * adding it; the links keep their places among the category images.
 */
export function VideoLinksPanel({ contentId, readOnly }: MediaPanelProps) {
  const { t } = useTranslation();
  const slider = useSlider(contentId);
  const add = useAddVideoLink(contentId);
  const reorder = useReorderSlider(contentId);
  const remove = useDeleteSliderItem(contentId);
  const form = useZodForm(videoLinkBody, { defaultValues: { url: '', caption: '' } });
  const url = form.watch('url') ?? '';
  const caption = form.watch('caption') ?? '';
  const id = videoIdOf(url);

  if (slider.isPending || slider.isError) return <SliderNotLoaded failed={slider.isError} />;
  const links = slider.data.items.filter((i): i is LinkItem => i.kind === 'video_link');

  const submit = form.handleSubmit(async (values) => {
    if (videoIdOf(values.url) === undefined) {
      form.setError('url', { type: 'video_link', message: t('slider.refusal.video_link') }, { shouldFocus: true });
      return;
    }
    try {
      await add.mutateAsync(values);
      form.reset({ url: '', caption: '' });
    } catch (error) {
      const onUrl = error instanceof ApiError && error.fields.some((f) => f.field === 'url');
      form.setError(onUrl ? 'url' : 'root.server', { type: 'server', message: fileRefusalText(error) });
    }
  });

  return (
    <Stack gap="md">
      <Stack gap="sm">
        <TextInput
          {...form.field('url')}
          label={t('slider.videoLinks.url')}
          description={t('slider.videoLinks.urlHelp')}
          placeholder="https://www.youtube.com/watch?v=..."
          leftSection={<IconLink size={16} aria-hidden />}
          disabled={readOnly}
          onKeyDown={(event) => {
            // Enter adds the link here instead of submitting the wizard's form around the panel.
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            }
          }}
          data-testid="video-link-url"
        />
        {url.trim() !== '' ? (
          id ? (
            <Group gap="sm" data-testid="video-link-preview">
              <VideoStill id={id} alt={t('slider.videoLinks.still', { id })} />
              <Text size="sm">
                {t('slider.videoLinks.id')}{' '}
                <Text span ff="monospace" fw={600} data-testid="video-link-id">
                  {id}
                </Text>
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="red.9" data-testid="video-link-noid">
              {t('slider.videoLinks.noId')}
            </Text>
          )
        ) : null}
        <CaptionField
          value={caption}
          onChange={(value) => form.setValue('caption', value)}
          disabled={readOnly}
          testId="video-link-caption"
        />
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="button"
            onClick={() => void submit()}
            loading={add.isPending}
            disabled={readOnly}
            data-testid="video-link-add"
          >
            {t('slider.videoLinks.add')}
          </Button>
        </Group>
      </Stack>

      <MediaList
        testId="video-links"
        empty={t('slider.videoLinks.empty')}
        readOnly={readOnly}
        busy={reorder.isPending || remove.isPending}
        items={links.map((link, index) => ({
          id: link.id,
          name: t('slider.videoLinks.name', { n: index + 1, id: link.video_id }),
          preview: <VideoStill id={link.video_id} alt={t('slider.videoLinks.still', { id: link.video_id })} />,
          details: (
            <>
              <Anchor
                href={link.watch_url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                ff="monospace"
                data-testid="video-link-item-id"
              >
                {link.video_id}
              </Anchor>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {link.caption || t('slider.caption.none')}
              </Text>
              <ItemEditor contentId={contentId} itemId={link.id} caption={link.caption} disabled={readOnly} />
            </>
          ),
        }))}
        onReorder={(ids) =>
          reorder.mutate(
            {
              ids: mergeOrder(
                slider.data.items.map((i) => i.id),
                ids,
              ),
            },
            { onError: notifyRefusal },
          )
        }
        onDelete={(itemId) => remove.mutateAsync(itemId).catch(notifyRefusal)}
      />
    </Stack>
  );
}
