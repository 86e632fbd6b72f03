import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  VIDEO_SITE_TAGS_MAX_CHARS,
  videoSiteAudiences,
  type videoSiteFormSchema,
  videoSitePrivacies,
  videoTagsLength,
  videoTagsOf,
} from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useVideoSharingList } from '../../../api/videoSharing.ts';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import type { ZodForm } from '../../../forms/useZodForm.ts';
import { VIDEO_SITE_NAME_KEYS } from './videoSiteForm.ts';

/** The list choices of the connected channel (playlists, languages, categories), "none" first. */
function useChoices(opened: boolean) {
  const { t, i18n } = useTranslation();
  const hl = i18n.language;
  const none = { value: '', label: t('videoSharing.none') };
  const options = (list: ReturnType<typeof useVideoSharingList>, first = none) => [
    first,
    ...(list.data?.items ?? []).map((item) => ({ value: item.id, label: item.title })),
  ];
  return {
    playlists: options(useVideoSharingList('playlists', hl, opened), {
      value: '',
      label: t('videoSharing.noPlaylist'),
    }),
    languages: options(useVideoSharingList('languages', hl, opened)),
    categories: options(useVideoSharingList('categories', hl, opened)),
  };
}

/**
 * The video's choices on the site: playlist, language and category (the connected channel's lists), tags typed as
 * one text and counted as the service counts them, audience and privacy.
 */
export function VideoSiteChoices({ form }: { form: ZodForm<typeof videoSiteFormSchema> }) {
  const { t } = useTranslation();
  const choices = useChoices(true);
  const tagCount = videoTagsLength(videoTagsOf(form.watch('tags') ?? ''));
  const tagCountText = t('videoSharing.tagsCount', { count: tagCount });
  const tags = form.field('tags');

  const select = (name: 'playlist_id' | 'language' | 'category_id', data: { value: string; label: string }[]) => (
    <ControlledField
      form={form}
      name={name}
      render={(field) => (
        <Select
          label={t(VIDEO_SITE_NAME_KEYS[name])}
          data={data}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v || null)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={field.error}
          searchable={name === 'language'}
          allowDeselect={false}
          data-testid={`video-site-${name}`}
        />
      )}
    />
  );

  return (
    <>
      {select('playlist_id', choices.playlists)}
      {/* Side by side where both fit; one above the other on a phone (a category's name was cut at 390 px). */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {select('language', choices.languages)}
        {select('category_id', choices.categories)}
      </SimpleGrid>
      <TextInput
        {...tags}
        // Over the limit it says so while typing; the schema's refusal replaces it on sending.
        error={tags.error ?? (tagCount > VIDEO_SITE_TAGS_MAX_CHARS ? tagCountText : undefined)}
        label={t('videoSharing.tags')}
        description={tagCountText}
        data-testid="video-site-tags"
      />
      <ControlledField
        form={form}
        name="audience"
        render={(field) => (
          <Radio.Group
            label={t('videoSharing.audience')}
            value={field.value ?? 'not_made_for_kids'}
            onChange={(v) => field.onChange(v as (typeof videoSiteAudiences)[number])}
            error={field.error}
          >
            <Group gap="md" mt={4}>
              {videoSiteAudiences.map((a) => (
                <Radio key={a} value={a} label={t(`videoSharing.audiences.${a}`)} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <ControlledField
        form={form}
        name="privacy"
        render={(field) => (
          <Select
            label={t('videoSharing.privacy')}
            data={videoSitePrivacies.map((p) => ({ value: p, label: t(`videoSharing.privacies.${p}`) }))}
            value={field.value ?? 'private'}
            onChange={(v) => field.onChange((v ?? 'private') as (typeof videoSitePrivacies)[number])}
            ref={field.ref}
            error={field.error}
            allowDeselect={false}
          />
        )}
      />
    </>
  );
}
