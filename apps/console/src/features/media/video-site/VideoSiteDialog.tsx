import { Button, FileInput, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  VIDEO_SITE_DESCRIPTION_MAX,
  VIDEO_SITE_TAGS_MAX_CHARS,
  VIDEO_SITE_TITLE_MAX,
  type VideoSiteUpdateBody,
  type VideoSiteVideoAnswer,
  videoSiteAudiences,
  videoSitePrivacies,
  videoTagsLength,
} from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoSharingList } from '../../../api/videoSharing.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';

export interface VideoSiteDialogResult {
  sourceId: string | null;
  body: VideoSiteUpdateBody;
  thumbnail: File | null;
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** For kids or not: the service asks it of every video. */
function AudienceChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={t('videoSharing.audience')} value={value} onChange={onChange}>
      <Group gap="md" mt={4}>
        {videoSiteAudiences.map((a) => (
          <Radio key={a} value={a} label={t(`videoSharing.audiences.${a}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** Cancel, and save or upload (blocked while the tags are over their limit or no video is chosen). */
function DialogActions({
  editing,
  busy,
  blocked,
  onClose,
}: {
  editing: boolean;
  busy: boolean;
  blocked: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onClose} type="button">
        {t('videoSharing.cancel')}
      </Button>
      <Button type="submit" loading={busy} disabled={blocked} data-testid="video-site-submit">
        {editing ? t('videoSharing.save') : t('videoSharing.upload')}
      </Button>
    </Group>
  );
}

/**
 * The upload dialog (a new video: which video of the vehicle, then its texts) and the edit dialog (the texts of a
 * video already there): title, description, playlist, language, category, tags counted as the service counts them,
 * audience, privacy and a thumbnail of 2 MB.
 */
export function VideoSiteDialog({
  opened,
  video,
  sources,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The video edited; null for a new upload. */
  video: VideoSiteVideoAnswer | null;
  sources: { value: string; label: string }[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (result: VideoSiteDialogResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const hl = i18n.language;
  const playlists = useVideoSharingList('playlists', hl, opened);
  const languages = useVideoSharingList('languages', hl, opened);
  const categories = useVideoSharingList('categories', hl, opened);
  const [sourceId, setSourceId] = useState<string | null>(sources[0]?.value ?? null);
  const [title, setTitle] = useState(video?.title ?? '');
  const [description, setDescription] = useState(video?.description ?? '');
  const [playlist, setPlaylist] = useState<string | null>(video?.playlist_id ?? null);
  const [language, setLanguage] = useState<string | null>(video?.language ?? (hl === 'ja' ? 'ja' : null));
  const [category, setCategory] = useState<string | null>(video?.category_id ?? '2');
  const [tags, setTags] = useState((video?.tags ?? []).join(', '));
  const [audience, setAudience] = useState<string>(video?.audience ?? 'not_made_for_kids');
  const [privacy, setPrivacy] = useState<string | null>(video?.privacy ?? 'private');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const tagCount = videoTagsLength(tagsOf(tags));
  const options = (list: typeof playlists) =>
    (list.data?.items ?? []).map((item) => ({ value: item.id, label: item.title }));
  const none = t('videoSharing.none');

  return (
    <DialogShell
      opened={opened}
      onClose={onClose}
      title={video ? t('videoSharing.dialogEdit') : t('videoSharing.dialogUpload')}
    >
      <form
        data-testid="video-site-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({
            sourceId,
            thumbnail,
            body: {
              title,
              description,
              playlist_id: playlist,
              language,
              category_id: category,
              tags: tagsOf(tags),
              audience: audience as VideoSiteUpdateBody['audience'],
              privacy: (privacy ?? 'private') as VideoSiteUpdateBody['privacy'],
            },
          });
        }}
      >
        <Stack gap="sm">
          {video ? null : (
            <Select
              label={t('videoSharing.source')}
              data={sources}
              value={sourceId}
              onChange={setSourceId}
              allowDeselect={false}
              required
              data-testid="video-site-source"
            />
          )}
          <TextInput
            label={t('videoSharing.videoTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={VIDEO_SITE_TITLE_MAX}
            required
            data-testid="video-site-title"
          />
          <Textarea
            label={t('videoSharing.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={VIDEO_SITE_DESCRIPTION_MAX}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Select
            label={t('videoSharing.playlist')}
            data={[{ value: '', label: t('videoSharing.noPlaylist') }, ...options(playlists)]}
            value={playlist ?? ''}
            onChange={(v) => setPlaylist(v || null)}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('videoSharing.language')}
              data={[{ value: '', label: none }, ...options(languages)]}
              value={language ?? ''}
              onChange={(v) => setLanguage(v || null)}
              searchable
            />
            <Select
              label={t('videoSharing.category')}
              data={[{ value: '', label: none }, ...options(categories)]}
              value={category ?? ''}
              onChange={(v) => setCategory(v || null)}
            />
          </Group>
          <TextInput
            label={t('videoSharing.tags')}
            value={tags}
            onChange={(e) => setTags(e.currentTarget.value)}
            description={t('videoSharing.tagsCount', { count: tagCount })}
            error={tagCount > VIDEO_SITE_TAGS_MAX_CHARS ? t('videoSharing.tagsCount', { count: tagCount }) : undefined}
            data-testid="video-site-tags"
          />
          <AudienceChoice value={audience} onChange={setAudience} />
          <Select
            label={t('videoSharing.privacy')}
            data={videoSitePrivacies.map((p) => ({ value: p, label: t(`videoSharing.privacies.${p}`) }))}
            value={privacy}
            onChange={setPrivacy}
            allowDeselect={false}
          />
          <FileInput
            label={t('videoSharing.thumbnail')}
            description={t('videoSharing.thumbnailHint')}
            accept="image/jpeg,image/png"
            value={thumbnail}
            onChange={setThumbnail}
            clearable
          />
          {video || sources.length > 0 ? null : <Text size="sm">{t('videoSharing.noSource')}</Text>}
          <DialogActions
            editing={video !== null}
            busy={busy}
            blocked={tagCount > VIDEO_SITE_TAGS_MAX_CHARS || (!video && !sourceId)}
            onClose={onClose}
          />
        </Stack>
      </form>
    </DialogShell>
  );
}
