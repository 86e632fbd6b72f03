import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { VideoSiteVideoAnswer } from '@spinyard/domain';
import { IconBrandYoutube, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentMovies } from '../../../api/movies.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { useOriginalMovies } from '../../../api/slider.ts';
import {
  startVideoSharingConsent,
  useVideoSharingAccount,
  useVideoSharingRevoke,
  useVideoSiteDelete,
  useVideoSiteReorder,
  useVideoSiteResume,
  useVideoSiteThumbnail,
  useVideoSiteUpdate,
  useVideoSiteUpload,
  useVideoSiteVideos,
} from '../../../api/videoSharing.ts';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { MediaList } from '../slider/MediaList.tsx';
import { VideoSiteDialog, type VideoSiteDialogResult } from './VideoSiteDialog.tsx';
import { videoSources } from './videoSiteForm.ts';
import { notifyVideoSiteRefusal, reasonText } from './videoSiteText.ts';

const STATUS_COLORS: Record<VideoSiteVideoAnswer['status'], string> = {
  pending: 'gray',
  uploading: 'blue',
  processing: 'cyan',
  done: 'teal',
  failed: 'red',
};

function VideoFacts({
  video,
  onResume,
  onEdit,
  readOnly,
}: {
  video: VideoSiteVideoAnswer;
  onResume: () => void;
  onEdit: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const percent = video.bytes_total ? Math.floor((video.bytes_sent / video.bytes_total) * 100) : 0;
  const reason = reasonText(video.error_code);
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Badge
          color={STATUS_COLORS[video.status]}
          variant="light"
          // A narrow column (a phone) wraps the status rather than cutting it ("アップロー…").
          styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
          data-testid="video-site-status"
        >
          {t(`videoSharing.statuses.${video.status}`)}
        </Badge>
        <Text size="xs" c="gray.7">
          {t(`videoSharing.privacies.${video.privacy}`)}
        </Text>
      </Group>
      {video.status === 'uploading' || video.status === 'pending' ? (
        <Progress value={percent} aria-label={t('videoSharing.progress', { percent })} size="sm" />
      ) : null}
      {video.status === 'uploading' ? <Text size="xs">{t('videoSharing.progress', { percent })}</Text> : null}
      {reason ? (
        <Alert color="blue" variant="light" p="xs" data-testid="video-site-reason">
          {reason}
        </Alert>
      ) : null}
      <Group gap="xs">
        {video.url ? (
          <Anchor href={video.url} target="_blank" rel="noreferrer" size="sm">
            {t('videoSharing.watch')}
          </Anchor>
        ) : null}
        <Button size="compact-sm" variant="default" onClick={onEdit} disabled={readOnly} type="button">
          {t('videoSharing.edit')}
        </Button>
        {video.status === 'failed' ? (
          <Button
            size="compact-sm"
            onClick={onResume}
            disabled={readOnly}
            type="button"
            data-testid="video-site-resume"
          >
            {t('videoSharing.resume')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * The vehicle's video-site section: the dealer's channel (connect, disconnect), the videos put on the site from this
 * vehicle with their status and progress, upload, edit, delete and reorder. An upload takes one of the vehicle's
 * ready content movies (the promo first) or one of its original videos.
 */
export function VideoSiteCard({
  contentId,
  title,
  readOnly,
}: {
  contentId: string;
  /** The vehicle's name: a new upload's title starts from it. */
  title: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const account = useVideoSharingAccount();
  const videos = useVideoSiteVideos(contentId);
  const originals = useOriginalMovies(contentId);
  const movies = useContentMovies(contentId);
  const revoke = useVideoSharingRevoke();
  const upload = useVideoSiteUpload(contentId);
  const update = useVideoSiteUpdate(contentId);
  const thumbnail = useVideoSiteThumbnail(contentId);
  const resume = useVideoSiteResume(contentId);
  const remove = useVideoSiteDelete(contentId);
  const reorder = useVideoSiteReorder(contentId);
  const [dialog, setDialog] = useState<{ video: VideoSiteVideoAnswer | null } | null>(null);
  const connected = account.data?.connected === true;
  const sources = videoSources(movies.data?.movies ?? [], originals.data?.items ?? []);

  /** Uploads or saves, then sets the thumbnail; a refusal goes back to the dialog, which shows it. */
  const submit = async ({ source, body, thumbnail: file }: VideoSiteDialogResult) => {
    const editing = dialog?.video ?? null;
    const video = editing
      ? await update.mutateAsync({ id: editing.id, body })
      : await upload.mutateAsync({
          source_kind: source?.kind ?? 'content_movie',
          source_id: source?.id ?? '',
          ...body,
        });
    setDialog(null);
    notifySuccess(editing ? t('videoSharing.saved') : t('videoSharing.started'));
    // The video is on its way by now: a refused thumbnail is told on its own, the dealer sets another by editing.
    if (file) await thumbnail.mutateAsync({ id: video.id, file }).catch(notifyVideoSiteRefusal);
  };

  const actions = connected ? (
    <Group gap="xs">
      <Button
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={() => setDialog({ video: null })}
        disabled={readOnly}
        data-testid="video-site-upload"
      >
        {t('videoSharing.upload')}
      </Button>
      <Button variant="default" onClick={() => revoke.mutate(undefined, { onError: notifyVideoSiteRefusal })}>
        {t('videoSharing.disconnect')}
      </Button>
    </Group>
  ) : (
    <Button
      leftSection={<IconBrandYoutube size={16} aria-hidden />}
      onClick={() => startVideoSharingConsent().catch(notifyVideoSiteRefusal)}
      data-testid="video-site-connect"
    >
      {t('videoSharing.connect')}
    </Button>
  );

  return (
    <SectionCard
      id="video-site"
      testId="video-site"
      title={t('videoSharing.title')}
      description={
        connected
          ? t('videoSharing.connected', { channel: account.data?.channel?.title ?? '' })
          : t('videoSharing.notConnected')
      }
      actions={actions}
    >
      <MediaList
        testId="video-site-videos"
        empty={t('videoSharing.empty')}
        readOnly={readOnly}
        busy={reorder.isPending || remove.isPending}
        items={(videos.data?.items ?? []).map((video) => ({
          id: video.id,
          name: video.title,
          preview: (
            // Narrower on a phone: the row's status, privacy and buttons need the rest of a 390 px card.
            <Text fw={600} size="sm" maw={{ base: 110, xs: 220 }} style={{ overflowWrap: 'anywhere' }}>
              {video.title}
            </Text>
          ),
          details: (
            <VideoFacts
              video={video}
              readOnly={readOnly}
              onEdit={() => setDialog({ video })}
              onResume={() => resume.mutate(video.id, { onError: notifyVideoSiteRefusal })}
            />
          ),
        }))}
        onReorder={(ids) => reorder.mutate(ids, { onError: notifyVideoSiteRefusal })}
        onDelete={(id) => remove.mutateAsync(id).catch(notifyVideoSiteRefusal)}
      />
      {dialog ? (
        <VideoSiteDialog
          video={dialog.video}
          sources={sources}
          defaultTitle={title}
          onClose={() => setDialog(null)}
          onSubmit={submit}
        />
      ) : null}
    </SectionCard>
  );
}
