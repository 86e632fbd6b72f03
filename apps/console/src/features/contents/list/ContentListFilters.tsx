import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CONTENT_NUMBER_BOUNDS, CONTENT_TEXT_MAX, PERIOD_COLUMNS } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { ContentUserPicker } from '../actions/ContentUserPicker.tsx';
import { type ContentListConditions, FLAG_FILTERS, type Flag } from './listConditions.ts';

/** The states the publication filter offers: the live ones and the trash (sleeping has its own switch). */
const PUBLISH_CHOICES = ['published', 'limited_public', 'unpublished', 'deleted'] as const;

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
  update: (next: Partial<ContentListConditions>) => void;
  /** Whether the owner can be chosen: only by those who manage users (a normal user sees only their own). */
  ownerFilter: boolean;
}) {
  const { t } = useTranslation();
  const flagData = [
    { value: '', label: t('contentsList.filters.any') },
    { value: '1', label: t('contentsList.filters.with') },
    { value: '0', label: t('contentsList.filters.without') },
  ];
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
        <TextInput
          label={t('contentsList.filters.maker')}
          value={c.maker}
          maxLength={CONTENT_TEXT_MAX.maker}
          onChange={(e) => update({ maker: e.currentTarget.value })}
          data-testid="content-filter-maker"
        />
        <TextInput
          label={t('contentsList.filters.bodyColor')}
          value={c.bodyColor}
          maxLength={CONTENT_TEXT_MAX.body_color}
          onChange={(e) => update({ bodyColor: e.currentTarget.value })}
          data-testid="content-filter-body-color"
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
        <NativeSelect
          label={t('contentsList.filters.repair')}
          value={c.repair}
          onChange={(e) => update({ repair: e.currentTarget.value as ContentListConditions['repair'] })}
          data={[
            { value: '', label: t('contentsList.filters.any') },
            { value: 'yes', label: t('contentsList.filters.repairYes') },
            { value: 'no', label: t('contentsList.filters.repairNo') },
          ]}
          data-testid="content-filter-repair"
        />
        <NativeSelect
          label={t('contentsList.filters.publish')}
          value={c.publish}
          onChange={(e) => update({ publish: e.currentTarget.value as ContentListConditions['publish'] })}
          data={[
            { value: '', label: t('contentsList.filters.publishAll') },
            ...PUBLISH_CHOICES.map((s) => ({ value: s, label: t(`publication.${s}`) })),
          ]}
          data-testid="content-filter-publish"
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
        <NativeSelect
          label={t('contentsList.filters.period')}
          value={c.period}
          onChange={(e) => update({ period: e.currentTarget.value as ContentListConditions['period'] })}
          data={[
            { value: '', label: t('contentsList.filters.periodNone') },
            ...PERIOD_COLUMNS.map((p) => ({ value: p, label: t(`contentsList.filters.${p}`) })),
          ]}
          data-testid="content-filter-period"
        />
        <TextInput
          type="date"
          label={t('contentsList.filters.start')}
          value={c.start}
          disabled={c.period === ''}
          onChange={(e) => update({ start: e.currentTarget.value })}
          data-testid="content-filter-start"
        />
        <TextInput
          type="date"
          label={t('contentsList.filters.end')}
          value={c.end}
          disabled={c.period === ''}
          error={reversed ? t('contentsList.filters.endBeforeStart') : undefined}
          onChange={(e) => update({ end: e.currentTarget.value })}
          data-testid="content-filter-end"
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
