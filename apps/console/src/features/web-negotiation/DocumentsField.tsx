import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { MEETING_DOCUMENT_TYPES, type MeetingDocumentAnswer, type MeetingDocumentKind } from '@spinyard/domain';
import { IconFileText, IconId, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A file chosen on the form, uploaded once the meeting is saved. */
export interface PendingDocument {
  key: string;
  file: File;
  kind: MeetingDocumentKind;
}

export interface DocumentLimits {
  max: number;
  bytes: number;
}

const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
/** A file's size as a person reads it: KB under a megabyte (a one-page PDF is not "0 MB"). */
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${megabytes(bytes)} MB`;

/**
 * Why a file cannot be added, before it leaves the browser (the server judges it again by its content): its type,
 * its size, the meeting's count, or a second business card.
 */
export function documentRefusal(
  file: File,
  kind: MeetingDocumentKind,
  count: { documents: number; cards: number },
  limits: DocumentLimits,
): string | null {
  const types: readonly string[] = kind === 'business_card' ? IMAGE_TYPES : MEETING_DOCUMENT_TYPES;
  if (!types.includes(file.type)) return kind === 'business_card' ? 'cardType' : 'type';
  if (file.size > limits.bytes) return 'size';
  if (kind === 'business_card' && count.cards >= 1) return 'oneCard';
  if (count.documents >= limits.max) return 'count';
  return null;
}

function DocumentLine({
  name,
  bytes,
  kind,
  onRemove,
}: {
  name: string;
  bytes: number;
  kind: MeetingDocumentKind;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const Glyph = kind === 'business_card' ? IconId : IconFileText;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="meeting-document">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Glyph size={18} aria-hidden />
        <Text size="sm" truncate="end">
          {name}
        </Text>
        <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          {kind === 'business_card' ? t('webNegotiation.documents.card') : ''} {sizeText(bytes)}
        </Text>
      </Group>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('webNegotiation.documents.remove', { name })}
        onClick={onRemove}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * The meeting's documents (PDF or pictures) and its one business-card image: the stored ones (removed at once) and
 * the ones chosen now (uploaded with the save).
 */
export function DocumentsField({
  stored,
  onRemoveStored,
  pending,
  onPending,
  limits,
  error,
  onError,
}: {
  stored: readonly MeetingDocumentAnswer[];
  onRemoveStored: (doc: MeetingDocumentAnswer) => void;
  pending: readonly PendingDocument[];
  onPending: (next: PendingDocument[]) => void;
  limits: DocumentLimits;
  error: string | undefined;
  onError: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const all = [...stored.map((d) => d.kind), ...pending.map((p) => p.kind)];
  const count = { documents: all.length, cards: all.filter((k) => k === 'business_card').length };
  const add = (files: File[], kind: MeetingDocumentKind) => {
    const next = [...pending];
    const tally = { ...count };
    for (const file of files) {
      const refusal = documentRefusal(file, kind, tally, limits);
      if (refusal) {
        onError(
          t(`webNegotiation.documents.refused.${refusal}`, {
            name: file.name,
            max: limits.max,
            mb: megabytes(limits.bytes),
          }),
        );
        return;
      }
      tally.documents += 1;
      if (kind === 'business_card') tally.cards += 1;
      next.push({ key: `${file.name}-${file.size}-${next.length}-${Date.now()}`, file, kind });
    }
    onError(undefined);
    onPending(next);
  };
  return (
    <Stack gap="sm" data-testid="meeting-documents">
      <Text size="sm" c="gray.7">
        {t('webNegotiation.documents.help', { max: limits.max, mb: megabytes(limits.bytes) })}
      </Text>
      {stored.map((doc) => (
        <DocumentLine
          key={doc.id}
          name={doc.file_name}
          bytes={doc.bytes}
          kind={doc.kind}
          onRemove={() => onRemoveStored(doc)}
        />
      ))}
      {pending.map((p) => (
        <DocumentLine
          key={p.key}
          name={p.file.name}
          bytes={p.file.size}
          kind={p.kind}
          onRemove={() => onPending(pending.filter((q) => q.key !== p.key))}
        />
      ))}
      {error ? (
        <Text size="sm" c="red.8" role="alert" data-testid="meeting-documents-error">
          {error}
        </Text>
      ) : null}
      <Group gap="sm">
        <FileButton onChange={(files) => add(files, 'document')} accept={MEETING_DOCUMENT_TYPES.join(',')} multiple>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              data-testid="meeting-add-document"
            >
              {t('webNegotiation.documents.add')}
            </Button>
          )}
        </FileButton>
        <FileButton onChange={(file) => file && add([file], 'business_card')} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconId size={16} aria-hidden />}
              disabled={count.cards >= 1}
              data-testid="meeting-add-card"
            >
              {t('webNegotiation.documents.addCard')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
