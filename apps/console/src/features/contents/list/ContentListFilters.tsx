import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { CONTENT_NUMBER_BOUNDS, CONTENT_TEXT_MAX, PERIOD_COLUMNS } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { ContentUserPicker } from '../actions/ContentUserPicker.tsx';
import { type ContentListConditions, FLAG_FILTERS, type Flag } from './listConditions.ts';

/** The states the publication filter offers: the live ones and the trash (sleeping has its own switch). */
const PUBLISH_CHOICES = ['published', 'limited_public', 'unpublished', 'deleted'] as const;

type Update = (next: Partial<ContentListConditions>) => void;
type ChoiceName = 'repair' | 'publish' | 'period';
type TextName = 'maker' | 'bodyColor' | 'start' | 'end';

/** A filter chosen from a list; its label and test id follow its name. */
function ChoiceFilter({
  name,
  conditions,
  update,
  data,
}: {
  name: ChoiceName;
  conditions: ContentListConditions;
  update: Update;
  data: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t(`contentsList.filters.${name}`)}
      value={conditions[name]}
      // The choices are the field's own values: the cast only names their type.
      onChange={(e) => update({ [name]: e.currentTarget.value } as Partial<ContentListConditions>)}
      data={data}
      data-testid={`content-filter-${name}`}
    />
  );
}

/** A typed filter (a text or a date); its label follows its name. */
function TextFilter({
  name,
  conditions,
  update,
  testId,
  date = false,
  ...input
}: { name: TextName; conditions: ContentListConditions; update: Update; testId: string; date?: boolean } & Omit<
  TextInputProps,
  'name' | 'label' | 'value' | 'onChange' | 'type'
>) {
  const { t } = useTranslation();
  const Input = date ? DateField : TextInput;
  return (
    <Input
      {...input}
      label={t(`contentsList.filters.${name}`)}
      value={conditions[name]}
      onChange={(e) => update({ [name]: e.currentTarget.value })}
      data-testid={testId}
    />
  );
}

/**
 * The list's filters (first document section 2): with or without each medium, web negotiation and listing link;
 * maker, body colour, first registration, repair, owner, sleeping and a created or updated period. Every change
 * starts again from page 1.
 */
export function ContentListFilters({
  conditions: c,
  update,
  ownerFilter,
}: {
  conditions: ContentListConditions;
  update: Update;
  /** Whether the owner can be chosen: only by those who manage users (a normal user sees only their own). */
  ownerFilter: boolean;
}) {
  const { t } = useTranslation();
  const flagData = [
    { value: '', label: t('contentsList.filters.any') },
    { value: '1', label: t('contentsList.filters.with') },
    { value: '0', label: t('contentsList.filters.without') },
  ];
  // Every filter below reads and writes the same conditions.
  const bound = { conditions: c, update };
  const reversed = c.period !== '' && c.start !== '' && c.end !== '' && c.end < c.start;
  return (
    <Stack gap="sm" data-testid="content-filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        {FLAG_FILTERS.map((flag) => (
          <NativeSelect
            key={flag}
            label={t(`contentsList.filters.${flag}`)}
            value={c.flags[flag]}
            onChange={(e) => update({ flags: { ...c.flags, [flag]: e.currentTarget.value as Flag } })}
            data={flagData}
            data-testid={`content-filter-${flag}`}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextFilter name="maker" {...bound} maxLength={CONTENT_TEXT_MAX.maker} testId="content-filter-maker" />
        <TextFilter
          name="bodyColor"
          {...bound}
          maxLength={CONTENT_TEXT_MAX.body_color}
          testId="content-filter-body-color"
        />
        <TextInput
          label={t('contentsList.filters.firstRegistration')}
          type="number"
          inputMode="numeric"
          min={CONTENT_NUMBER_BOUNDS.first_registration_year.min}
          max={CONTENT_NUMBER_BOUNDS.first_registration_year.max}
          value={c.firstRegistration}
          onChange={(e) => update({ firstRegistration: e.currentTarget.value.slice(0, 4) })}
          data-testid="content-filter-first-registration"
        />
        <ChoiceFilter
          name="repair"
          {...bound}
          data={[
            { value: '', label: t('contentsList.filters.any') },
            { value: 'yes', label: t('contentsList.filters.repairYes') },
            { value: 'no', label: t('contentsList.filters.repairNo') },
          ]}
        />
        <ChoiceFilter
          name="publish"
          {...bound}
          data={[
            { value: '', label: t('contentsList.filters.publishAll') },
            ...PUBLISH_CHOICES.map((s) => ({ value: s, label: t(`publication.${s}`) })),
          ]}
        />
        {ownerFilter ? (
          <ContentUserPicker
            label={t('contentsList.filters.owner')}
            placeholder={t('contentsList.filters.ownerPlaceholder')}
            value={c.userId}
            storedLabel={c.userLabel || undefined}
            onChange={(id, label) => update({ userId: id, userLabel: label })}
            clearable
            data-testid="content-filter-owner"
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <ChoiceFilter
          name="period"
          {...bound}
          data={[
            { value: '', label: t('contentsList.filters.periodNone') },
            ...PERIOD_COLUMNS.map((p) => ({ value: p, label: t(`contentsList.filters.${p}`) })),
          ]}
        />
        <TextFilter name="start" {...bound} date disabled={c.period === ''} testId="content-filter-start" />
        <TextFilter
          name="end"
          {...bound}
          date
          disabled={c.period === ''}
          error={reversed ? t('contentsList.filters.endBeforeStart') : undefined}
          testId="content-filter-end"
        />
      </SimpleGrid>
      <Checkbox
        label={t('contentsList.filters.sleeping')}
        checked={c.sleeping}
        onChange={(e) => update({ sleeping: e.currentTarget.checked })}
        data-testid="content-filter-sleeping"
      />
    </Stack>
  );
}
