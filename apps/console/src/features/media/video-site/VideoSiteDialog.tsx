import { Alert, Button, FileInput, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  VIDEO_SITE_DESCRIPTION_MAX,
  VIDEO_SITE_FIELDS,
  VIDEO_SITE_THUMBNAIL_MAX_BYTES,
  VIDEO_SITE_TITLE_MAX,
  type VideoSiteUpdateBody,
  type VideoSiteVideoAnswer,
  videoSiteFormSchema,
} from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { notifyInfo } from '../../../api/notify.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { formErrorsOf } from '../../../forms/formErrors.ts';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { VideoSiteChoices } from './VideoSiteChoices.tsx';
import { thumbnailProblem, VIDEO_SITE_NAME_KEYS, type VideoSource, videoSiteDefaults } from './videoSiteForm.ts';
import { reasonText } from './videoSiteText.ts';

export interface VideoSiteDialogResult {
  source: VideoSource | null;
  body: VideoSiteUpdateBody;
  thumbnail: File | null;
}

/**
 * The upload dialog (which video of the vehicle, then its texts) and the edit dialog (the texts of a video already
 * there): react-hook-form over the domain's video-site form schema (the tags typed as one text, counted as the
 * service counts them), each refusal beside its field in the user's language; the service's own refusals
 * (quotaExceeded, ...) as info messages, as the spec shows them; a thumbnail checked here first (JPEG or PNG, 2 MB).
 */
export function VideoSiteDialog({
  video,
  sources,
  defaultTitle,
  onClose,
  onSubmit,
}: {
  /** The video edited; null for a new upload. */
  video: VideoSiteVideoAnswer | null;
  sources: VideoSource[];
  /** A new upload's title to start from (the vehicle's name). */
  defaultTitle: string;
  onClose: () => void;
  /** Uploads or saves; rejects with the refusal, which the dialog shows. */
  onSubmit: (result: VideoSiteDialogResult) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(videoSiteFormSchema, {
    defaultValues: videoSiteDefaults(video, defaultTitle, i18n.language),
    nameKeys: VIDEO_SITE_NAME_KEYS,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: VIDEO_SITE_FIELDS,
    nameKeys: VIDEO_SITE_NAME_KEYS,
    errorsOf: (error) => {
      const reason = error instanceof ApiError ? reasonText(error.params.reason) : null;
      if (!reason) return formErrorsOf(error, VIDEO_SITE_FIELDS, {}, VIDEO_SITE_NAME_KEYS);
      notifyInfo(reason);
      return { fields: {} };
    },
  });
  const [source, setSource] = useState<string | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const thumbnailError = thumbnailProblem(thumbnail, VIDEO_SITE_THUMBNAIL_MAX_BYTES);
  // The first source (the promo when it is ready) until the dealer picks another, even if the list came late.
  const chosen = sources.find((s) => s.value === source) ?? sources[0] ?? null;

  const submit = form.handleSubmit(async (values) => {
    if (thumbnailError || (!video && !chosen)) return;
    setSending(true);
    try {
      await onSubmit({ source: chosen, body: values, thumbnail });
    } catch (error) {
      showRefusal(error);
    } finally {
      setSending(false);
    }
  });

  return (
    <DialogShell opened onClose={onClose} title={video ? t('videoSharing.dialogEdit') : t('videoSharing.dialogUpload')}>
      <form data-testid="video-site-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {form.formError ? (
            <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }} data-testid="video-site-form-error">
              {form.formError}
            </Alert>
          ) : null}
          {video ? null : sources.length === 0 ? (
            <Text size="sm" data-testid="video-site-no-source">
              {t('videoSharing.noSource')}
            </Text>
          ) : (
            <Select
              label={t('videoSharing.source')}
              data={sources.map(({ value, label }) => ({ value, label }))}
              value={chosen?.value ?? null}
              onChange={setSource}
              allowDeselect={false}
              withAsterisk
              data-testid="video-site-source"
            />
          )}
          <TextInput
            {...form.field('title')}
            label={t('videoSharing.videoTitle')}
            maxLength={VIDEO_SITE_TITLE_MAX}
            withAsterisk
            data-testid="video-site-title"
          />
          <Textarea
            {...form.field('description')}
            label={t('videoSharing.description')}
            maxLength={VIDEO_SITE_DESCRIPTION_MAX}
            autosize
            minRows={2}
            maxRows={6}
            data-testid="video-site-description"
          />
          <VideoSiteChoices form={form} />
          <FileInput
            label={t('videoSharing.thumbnail')}
            description={t('videoSharing.thumbnailHint')}
            accept="image/jpeg,image/png"
            value={thumbnail}
            onChange={setThumbnail}
            error={thumbnailError ?? undefined}
            clearable
            data-testid="video-site-thumbnail"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} type="button">
              {t('videoSharing.cancel')}
            </Button>
            <Button
              type="submit"
              loading={sending}
              disabled={thumbnailError !== null || (!video && !chosen)}
              data-testid="video-site-submit"
            >
              {video ? t('videoSharing.save') : t('videoSharing.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogShell>
  );
}
