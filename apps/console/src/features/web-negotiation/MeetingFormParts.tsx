import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PHONE_BOUNDS,
  WEB_NEGOTIATION_NAME_MAX,
  type WebNegotiationAnswer,
  type webNegotiationFormSchema,
} from '@spinyard/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContents } from '../../api/contents.ts';
import { useProfile } from '../../api/profile.ts';
import { useSubordinates } from '../../api/users.ts';
import { ControlledField } from '../../forms/ControlledField.tsx';
import type { ZodForm } from '../../forms/useZodForm.ts';

export type MeetingForm = ZodForm<typeof webNegotiationFormSchema>;

/** The host: the user, or one of the users they manage (a super user or an admin schedules for their team). */
export function HostField({ form, current }: { form: MeetingForm; current?: WebNegotiationAnswer['host'] }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const role = profile.data?.user.privilege_type;
  // Master's list of users spans every tenant: a host is chosen among the users of one's own team only.
  const manages = role === 'super' || role === 'admin';
  const team = useSubordinates(
    { page: 1, limit: 100, q: '', sort: 'created_desc', privilegeType: '', status: 'active' },
    manages,
  );
  const options = [{ value: '', label: t('webNegotiation.form.hostMe') }];
  for (const user of team.data?.items ?? []) options.push({ value: user.id, label: user.name || user.email });
  if (current?.id && current.id !== profile.data?.user.id && !options.some((o) => o.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return (
    <NativeSelect
      {...form.field('host_user_id')}
      label={t('webNegotiation.fields.host_user_id')}
      data={options}
      data-testid="meeting-host"
    />
  );
}

/** The reserved vehicles, picked among the vehicles the user sees (searched by name or management ID). */
export function VehiclesField({
  form,
  max,
  known,
}: {
  form: MeetingForm;
  max: number;
  /** The stored meeting's vehicles, named even when the search does not list them. */
  known: readonly { content_id: string; name: string; management_id: string }[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useContents({ page: 1, limit: 30, ...(search.trim() ? { search: search.trim() } : {}) });
  const labels = new Map(known.map((v) => [v.content_id, `${v.name} (${v.management_id})`]));
  for (const v of found.data?.items ?? []) {
    labels.set(v.id, `${[v.maker, v.car_name].filter(Boolean).join(' ') || v.management_id} (${v.management_id})`);
  }
  return (
    <ControlledField
      form={form}
      name="vehicle_ids"
      render={(field) => (
        <MultiSelect
          {...field}
          value={field.value as string[]}
          label={t('webNegotiation.fields.vehicle_ids')}
          description={t('webNegotiation.form.vehiclesHelp', { max })}
          placeholder={t('webNegotiation.form.vehiclesPlaceholder')}
          data={[...labels].map(([value, label]) => ({ value, label }))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          maxValues={max}
          nothingFoundMessage={t('webNegotiation.form.vehiclesNone')}
          hidePickedOptions
          data-testid="meeting-vehicles"
        />
      )}
    />
  );
}

const INVITEE_INPUTS = [
  { name: 'name', type: 'text', max: WEB_NEGOTIATION_NAME_MAX },
  { name: 'email', type: 'email', max: undefined },
  { name: 'phone', type: 'tel', max: PHONE_BOUNDS.max },
] as const;

/** The invitees: a name and an e-mail, a phone number or both; at most the meeting's guests. */
export function InviteesField({ form, max }: { form: MeetingForm; max: number }) {
  const { t } = useTranslation();
  const invitees = useFieldArray({ control: form.control, name: 'invitees' });
  const listError = form.formState.errors.invitees?.message ?? form.formState.errors.invitees?.root?.message;
  return (
    <Stack gap="sm" data-testid="meeting-invitees">
      <Text size="sm" c="gray.7">
        {t('webNegotiation.form.inviteesHelp', { max })}
      </Text>
      {invitees.fields.map((row, index) => (
        <Paper key={row.id} withBorder radius="md" p="sm" data-testid="meeting-invitee">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {t('webNegotiation.form.invitee', { n: index + 1 })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('webNegotiation.form.removeInvitee', { n: index + 1 })}
              onClick={() => invitees.remove(index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {INVITEE_INPUTS.map(({ name, type, max }) => (
              <TextInput
                key={name}
                {...form.field(`invitees.${index}.${name}`)}
                label={t(`webNegotiation.fields.${name}`)}
                {...{ type, maxLength: max, autoComplete: 'off', 'data-testid': `invitee-${name}` }}
              />
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      {listError ? (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => invitees.append({ name: '', email: '', phone: '' })}
          disabled={invitees.fields.length >= max}
          data-testid="meeting-add-invitee"
        >
          {t('webNegotiation.form.addInvitee')}
        </Button>
      </Group>
    </Stack>
  );
}
