import { FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { type DesignAnswer, HOTSPOT_ICON_ID, HOTSPOT_LIMITS } from '@spinyard/domain';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { type DesignIconType, useRemoveDesignIcon, useUploadDesignIcon } from '../../api/design.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { checkUpload } from '../../shared/media-check/checkUpload.ts';
import { mediaRefusalText } from '../../shared/media-check/refusalText.ts';

const TYPES: readonly DesignIconType[] = ['standard', 'sound', 'movie'];

/** One custom icon per icon type: a PNG (best 80x80, transparent) judged in the browser and by the server, or the standard icon. */
export function IconSlots({ icons, readOnly }: { icons: DesignAnswer['icons']; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {t('customDesign.icons.rule', { side: HOTSPOT_LIMITS.iconBestSide, id: HOTSPOT_ICON_ID })}
      </Text>
      {TYPES.map((type) => (
        <IconSlot key={type} type={type} icon={icons[type]} readOnly={readOnly} />
      ))}
    </Stack>
  );
}

function IconSlot({
  type,
  icon,
  readOnly,
}: {
  type: DesignIconType;
  icon: DesignAnswer['icons'][DesignIconType];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadDesignIcon();
  const remove = useRemoveDesignIcon();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (cause: unknown) =>
    setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
  const name = t(`annotations.iconTypes.${type}`);
  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    // The server's icon rule (PNG, size, pixels a side), in the browser: a file it would refuse is not sent.
    const refused = await checkUpload(file, { kind: 'icon', maxBytes: HOTSPOT_LIMITS.iconMaxBytes });
    if (refused) {
      setError(mediaRefusalText(refused, name, file));
      return;
    }
    setProgress(0);
    upload.mutate(
      { iconType: type, file, onProgress: setProgress },
      { onError: failed, onSettled: () => setProgress(null) },
    );
  };
  return (
    <Stack
      gap={6}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      data-testid={`design-icon-${type}`}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <span
            style={{
              width: 48,
              height: 48,
              flex: '0 0 auto',
              borderRadius: 6,
              background: 'repeating-conic-gradient(#dee2e6 0 25%, #fff 0 50%) 50% / 12px 12px',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {icon ? <img src={icon.url} alt="" style={{ maxWidth: 40, maxHeight: 40 }} /> : null}
          </span>
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Text size="xs" c="gray.7">
              {icon
                ? t('customDesign.icons.custom', { w: icon.width, h: icon.height })
                : t('customDesign.icons.standard')}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          <FileButton
            onChange={(file) => void send(file)}
            accept="image/png,.png"
            disabled={readOnly || progress !== null}
          >
            {(props) => (
              <ActionButton
                icon={IconUpload}
                iconSize={14}
                {...props}
                size="xs"
                variant="default"
                aria-label={t('customDesign.icons.upload', { name })}
                testId={`design-icon-${type}-upload`}
              >
                {t('annotations.files.choose')}
              </ActionButton>
            )}
          </FileButton>
          {icon ? (
            <ActionButton
              icon={IconTrash}
              iconSize={14}
              type="button"
              size="xs"
              variant="subtle"
              color="red"
              c="red.9"
              onClick={() => remove.mutate(type, { onError: failed })}
              loading={remove.isPending}
              disabled={readOnly}
              aria-label={t('customDesign.icons.remove', { name })}
            >
              {t('annotations.files.remove')}
            </ActionButton>
          ) : null}
        </Group>
      </Group>
      {progress !== null ? (
        <Progress value={progress * 100} animated aria-label={t('annotations.files.progress', { name })} />
      ) : null}
      {error ? (
        <Text size="sm" c="red.9" role="alert" data-testid={`design-icon-${type}-error`}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
