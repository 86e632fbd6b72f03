import { Box, Button, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT } from '../../../shared/theme.ts';

export interface DropZoneProps {
  /** The hidden file input ("choose" clicks it; a resumed upload asks for its file through it too). */
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  /** Why uploading is locked (a process running), or null. */
  lockReason: string | null | undefined;
  onFiles: (files: File[]) => void;
}

/** The walk-around videos' picker and drop zone: any video, the server decides by content. */
export function DropZone({ inputRef, disabled, lockReason, onFiles }: DropZoneProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="video/*"
        multiple
        hidden
        data-testid="exterior-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Box
        p="lg"
        data-testid="exterior-dropzone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (disabled) return;
          const files = [...event.dataTransfer.files];
          if (files.length > 0) onFiles(files);
        }}
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
          borderRadius: 8,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          textAlign: 'center',
        }}
      >
        <Stack gap="xs" align="center">
          <IconUpload size={28} aria-hidden color="var(--mantine-color-gray-7)" />
          <Text size="sm" id={hintId}>
            {t('exterior.upload.dropHint')}
          </Text>
          <Button
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            aria-describedby={hintId}
            data-testid="exterior-choose"
          >
            {t('exterior.upload.choose')}
          </Button>
          {lockReason ? (
            <Text size="xs" c={WARNING_TEXT} data-testid="exterior-upload-locked">
              {lockReason}
            </Text>
          ) : null}
        </Stack>
      </Box>
    </>
  );
}
