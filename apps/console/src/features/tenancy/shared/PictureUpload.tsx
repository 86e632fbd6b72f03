import { Box, FileButton, Group, Stack, Text } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import type { Refusal } from '../../../components/refusal.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { PicturePreview, usePictureErrorText } from './PicturePreview.tsx';
import {
  acceptOf,
  checkPicture,
  formatBytes,
  formatNames,
  PICTURE_RULES,
  type PictureKind,
  readPicture,
} from './pictures.ts';

export interface PictureUploadProps {
  kind: PictureKind;
  /** The picture's name on the page ("Logo", "Splash image"). */
  label: string;
  currentUrl: string | null;
  /** Sends the picture; answers a refusal with fields to show, or nothing when it was stored. */
  onUpload: (dataUrl: string, fileName: string) => Promise<Refusal | undefined>;
  onRemove: () => Promise<boolean>;
  disabled?: boolean;
  /** Shows the picture's name above it; off where the card around it already says it. */
  showLabel?: boolean;
  /** Height of the preview box; the picture is fitted inside. */
  previewHeight?: number;
  testId?: string;
}

/** The rule of a picture kind in words: formats, size, pixels. */
export function usePictureRuleText(kind: PictureKind): string {
  const { t } = useTranslation();
  const rule = PICTURE_RULES[kind];
  const parts = [
    t('domains.images.ruleFormats', { formats: formatNames(rule) }),
    t('domains.images.ruleMaxSize', { size: formatBytes(rule.maxBytes, currentLocale()) }),
  ];
  if (rule.exact) {
    parts.push(t('domains.images.ruleExact', { width: rule.exact.width, height: rule.exact.height }));
  }
  if (rule.max) parts.push(t('domains.images.ruleMax', { width: rule.max.width, height: rule.max.height }));
  return parts.join(' · ');
}

/**
 * One picture: its preview, a button to choose a file (checked here with the domain package's rule, then sent)
 * and one to remove it after a confirmation. Refusals, from this check or from the server, show under it.
 */
export function PictureUpload({
  kind,
  label,
  currentUrl,
  onUpload,
  onRemove,
  disabled = false,
  showLabel = true,
  previewHeight = 120,
  testId,
}: PictureUploadProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const errorId = useId();
  const ruleText = usePictureRuleText(kind);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const [busy, setBusy] = useState<'upload' | 'remove' | undefined>();
  const [confirmRemove, setConfirmRemove] = useState(false);

  const errorText = usePictureErrorText(kind);

  const choose = async (file: File | null) => {
    if (!file) return;
    setErrors([]);
    const picture = await readPicture(file);
    const { width, height, bytes } = picture.facts;
    setSelected(
      width && height
        ? t('domains.images.selected', { name: file.name, width, height, size: formatBytes(bytes, locale) })
        : t('domains.images.selectedNoSize', { name: file.name, size: formatBytes(bytes, locale) }),
    );
    const refused = checkPicture(kind, picture.facts);
    if (refused.length > 0) {
      setErrors(refused);
      return;
    }
    setBusy('upload');
    try {
      const refusal = await onUpload(picture.dataUrl, file.name);
      if (refusal && refusal.fields.length > 0) setErrors(refusal.fields);
      else if (!refusal) setSelected(undefined);
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      if (await onRemove()) {
        setConfirmRemove(false);
        setErrors([]);
        setSelected(undefined);
      }
    } finally {
      setBusy(undefined);
    }
  };

  const hasErrors = errors.length > 0;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group justify={showLabel ? 'space-between' : 'flex-end'} align="baseline" gap="xs">
        {showLabel ? <Text fw={600}>{label}</Text> : null}
        <Text size="xs" c="dimmed">
          {ruleText}
        </Text>
      </Group>
      <PicturePreview url={currentUrl} label={label} height={previewHeight} testId={testId} />
      {selected ? (
        <Text size="xs" c="dimmed">
          {selected}
        </Text>
      ) : null}
      {hasErrors ? (
        <Box id={errorId} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {errors.map((error) => (
            <Text key={`${error.rule}-${error.field}`} size="sm" c="var(--mantine-color-error)">
              {errorText(error)}
            </Text>
          ))}
        </Box>
      ) : null}
      <Group gap="xs">
        <FileButton
          onChange={(file) => void choose(file)}
          accept={acceptOf(kind)}
          disabled={disabled || busy !== undefined}
        >
          {(props) => (
            <ActionButton
              icon={IconUpload}
              iconSize={14}
              {...props}
              size="xs"
              variant="light"
              loading={busy === 'upload'}
              disabled={disabled || busy !== undefined}
              aria-describedby={hasErrors ? errorId : undefined}
              testId={testId ? `${testId}-choose` : undefined}
            >
              {currentUrl ? t('domains.images.replace', { name: label }) : t('domains.images.choose', { name: label })}
            </ActionButton>
          )}
        </FileButton>
        {currentUrl ? (
          <ActionButton
            icon={IconTrash}
            iconSize={14}
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setConfirmRemove(true)}
            disabled={disabled || busy !== undefined}
          >
            {t('domains.images.remove')}
          </ActionButton>
        ) : null}
      </Group>
      <ConfirmModal
        opened={confirmRemove}
        title={t('domains.images.removeTitle', { name: label })}
        confirmLabel={t('domains.images.remove')}
        onConfirm={() => void remove()}
        onClose={() => setConfirmRemove(false)}
        loading={busy === 'remove'}
      >
        <Text size="sm">{t('domains.images.removeBody', { name: label })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
