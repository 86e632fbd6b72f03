import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  EVALUATION_INTERESTS,
  EVALUATION_SCORES,
  WEB_NEGOTIATION_MEMO_MAX,
  type WebNegotiationAnswer,
  webNegotiationNotesBody,
} from '@spinyard/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify.ts';
import { useSaveWebNegotiationNotes } from '../../api/webNegotiation.ts';
import { refusalFieldErrors } from '../../forms/refusalErrors.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';
import { meetingFieldText, meetingInput } from './meetingFormText.ts';

const NOTE_FIELDS = [
  'memo',
  'evaluation.score',
  'evaluation.interest',
  'evaluation.next_action',
  'evaluation.comment',
] as const;

/**
 * The dealer's memo and evaluation sheet of a meeting, written before, during or after it (the server saves them on
 * their own call, which a running or finished meeting does not refuse).
 */
export function MeetingNotesCard({ meeting }: { meeting: WebNegotiationAnswer }) {
  const { t } = useTranslation();
  const saveNotes = useSaveWebNegotiationNotes();
  const form = useZodForm(webNegotiationNotesBody, {
    defaultValues: { memo: meeting.memo, evaluation: meeting.evaluation },
    message: meetingFieldText,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: NOTE_FIELDS,
    errorsOf: refusalFieldErrors(NOTE_FIELDS, meetingFieldText),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await saveNotes.mutateAsync({ id: meeting.id, body });
      notifySuccess(t('webNegotiation.notes.saved'));
    } catch (error) {
      showRefusal(error);
    }
  });
  /** A choice of the sheet (a rating, the interest), with "not set" first: the value or null. */
  const choice = <V extends string | number>(
    name: 'score' | 'interest',
    values: readonly V[],
    label: (v: V) => string,
  ) => {
    const current = form.watch(`evaluation.${name}`);
    return (
      <NativeSelect
        label={t(`webNegotiation.fields.${name}`)}
        value={current === null || current === undefined ? '' : String(current)}
        onChange={(e) => {
          const picked = values.find((v) => String(v) === e.currentTarget.value) ?? null;
          form.setValue(`evaluation.${name}`, picked as never);
        }}
        data={[
          { value: '', label: t('webNegotiation.notes.none') },
          ...values.map((v) => ({ value: String(v), label: label(v) })),
        ]}
        data-testid={`meeting-${name}`}
      />
    );
  };
  return (
    <SectionCard title={t('webNegotiation.notes.title')} id="meeting-notes">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Textarea {...meetingInput(form, 'memo')} maxLength={WEB_NEGOTIATION_MEMO_MAX} autosize minRows={3} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {choice('score', EVALUATION_SCORES, (v) => t('webNegotiation.notes.score', { score: v }))}
            {choice('interest', EVALUATION_INTERESTS, (v) => t(`webNegotiation.notes.interests.${v}`))}
          </SimpleGrid>
          <TextInput {...meetingInput(form, 'evaluation.next_action')} maxLength={500} />
          <Textarea {...meetingInput(form, 'evaluation.comment')} maxLength={2000} autosize minRows={2} />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={saveNotes.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              data-testid="meeting-notes-save"
            >
              {t('webNegotiation.notes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
