import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  WEB_NEGOTIATION_DESCRIPTION_MAX as DESCRIPTION_MAX,
  type MeetingDocumentAnswer,
  TIMEZONES,
  WEB_NEGOTIATION_TITLE_MAX,
  type WebNegotiationAnswer,
  type WebNegotiationBody,
  type WebNegotiationFormValues,
  type WebNegotiationSettingsAnswer,
  webNegotiationFormSchema,
} from '@spinyard/domain';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '../../components/focusFirstInvalid.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { FormActions } from '../tenancy/shared/FormActions.tsx';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';
import { DocumentsField, type PendingDocument } from './DocumentsField.tsx';
import { HostField, InviteesField, type MeetingForm, VehiclesField } from './MeetingFormParts.tsx';
import { MEETING_FIELDS, meetingErrorsOf, meetingFieldText, meetingInput } from './meetingFormText.ts';

/** The date, the time, the length and the clock they are read on; the interval's count when it is limited. */
function MeetingTimeSection({ form, settings }: { form: MeetingForm; settings: WebNegotiationSettingsAnswer }) {
  const { t } = useTranslation();
  const duration = Number(form.watch('duration_minutes'));
  const moment = (name: 'date' | 'time') => <TextInput {...meetingInput(form, name)} type={name} withAsterisk />;
  const choices = {
    duration_minutes: durations(settings.max_time_minutes, duration).map((m) => ({
      value: String(m),
      label: t('webNegotiation.minutes', { n: m }),
    })),
    time_zone: TIMEZONES.map((value) => ({ value, label: t(`webNegotiation.timeZones.${value.replace('/', '_')}`) })),
  };
  const { usage } = settings;
  return (
    <SectionCard title={t('webNegotiation.form.sectionTime')} id="meeting-time-section">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {moment('date')}
        {moment('time')}
        {(['duration_minutes', 'time_zone'] as const).map((name) => (
          <NativeSelect
            key={name}
            {...meetingInput(form, name)}
            description={
              name === 'duration_minutes'
                ? t('webNegotiation.form.maxTime', { n: settings.max_time_minutes })
                : undefined
            }
            data={choices[name]}
          />
        ))}
      </SimpleGrid>
      {usage.limit !== null ? (
        <Text size="sm" c="gray.7" mt="sm" data-testid="meeting-usage">
          {t(`webNegotiation.form.usage.${usage.interval}`, { used: usage.used, limit: usage.limit })}
        </Text>
      ) : null}
    </SectionCard>
  );
}

/** The durations offered: every quarter of an hour up to the caller's max time (and the stored one, if other). */
function durations(max: number, current: number): number[] {
  const steps = Array.from({ length: Math.floor(max / 15) }, (_, i) => (i + 1) * 15);
  return [...new Set([...steps, ...(current <= max ? [current] : [])])].sort((a, b) => a - b);
}

export interface MeetingSave {
  body: WebNegotiationBody;
  documents: readonly PendingDocument[];
}

/**
 * The meeting form of /web-negotiation/add and /web-negotiation/edit/{roomId}: react-hook-form over the domain's
 * form schema (the date and time on the meeting's time zone's clock read into one instant), the caller's rules
 * said beside the fields (max time, vehicles, guests by the participants, documents), each refusal of the server
 * beside its field in the user's language.
 */
export function WebNegotiationForm({
  initial,
  meeting,
  settings,
  onRemoveStored,
  save,
}: {
  initial: WebNegotiationFormValues;
  meeting?: WebNegotiationAnswer;
  settings: WebNegotiationSettingsAnswer;
  onRemoveStored?: (doc: MeetingDocumentAnswer) => void;
  save: (values: MeetingSave) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(webNegotiationFormSchema, {
    defaultValues: initial,
    message: meetingFieldText,
    shouldFocusError: false,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: MEETING_FIELDS,
    errorsOf: meetingErrorsOf,
    focus: focusFirstInvalid,
  });
  const [pending, setPending] = useState<PendingDocument[]>([]);
  const [documentError, setDocumentError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const guests = settings.participants - 1;

  const onSubmit = form.handleSubmit(async (body) => {
    setSending(true);
    try {
      await save({ body, documents: pending });
    } catch (error) {
      showRefusal(error);
    } finally {
      setSending(false);
    }
  }, focusFirstInvalid);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={960} mx="auto">
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <SectionCard title={t('webNegotiation.form.sectionMeeting')} id="meeting-basics">
          <Stack gap="md">
            <TextInput {...meetingInput(form, 'title')} maxLength={WEB_NEGOTIATION_TITLE_MAX} withAsterisk />
            <Textarea {...meetingInput(form, 'description')} maxLength={DESCRIPTION_MAX} autosize minRows={2} />
            <HostField form={form} {...(meeting ? { current: meeting.host } : {})} />
          </Stack>
        </SectionCard>
        <MeetingTimeSection form={form} settings={settings} />
        <SectionCard title={t('webNegotiation.form.sectionVehicles')} id="meeting-vehicles-section">
          <VehiclesField form={form} max={settings.vehicles_max} known={meeting?.vehicles ?? []} />
        </SectionCard>
        <SectionCard
          title={t('webNegotiation.form.sectionInvitees')}
          description={t('webNegotiation.form.participants', { n: settings.participants })}
          id="meeting-invitees-section"
        >
          <InviteesField form={form} max={guests} />
        </SectionCard>
        <SectionCard title={t('webNegotiation.form.sectionDocuments')} id="meeting-documents-section">
          <DocumentsField
            stored={meeting?.documents ?? []}
            onRemoveStored={(doc) => onRemoveStored?.(doc)}
            pending={pending}
            onPending={setPending}
            limits={{ max: settings.documents_max, bytes: settings.document_max_bytes }}
            error={documentError}
            onError={setDocumentError}
          />
        </SectionCard>
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('webNegotiation.form.invitationNote')}
        </Alert>
        <FormActions>
          <LinkButton
            to={meeting ? `/web-negotiation/detail/${encodeURIComponent(meeting.id)}` : '/web-negotiation/list'}
            variant="default"
          >
            {t('webNegotiation.form.cancel')}
          </LinkButton>
          <Button
            type="submit"
            loading={sending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="meeting-save"
          >
            {meeting ? t('webNegotiation.form.saveChanges') : t('webNegotiation.form.schedule')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
