import { Badge, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/locale.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { type DomainFormValues, type OptionFormValue, superUserNameOf } from './domainForm.ts';
import { OPTION_CONTROLS, OPTION_SECTION_IDS, OPTION_SECTIONS, type OptionKey } from './optionFields.ts';

interface Row {
  id: string;
  label: string;
  value: string;
  /** The stored value, when this row changes it. */
  before?: string | undefined;
  /** A new domain's option that is not the default. */
  custom?: boolean | undefined;
}

function SummaryTable({ rows, testId }: { rows: Row[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false} verticalSpacing="sm" data-testid={testId}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-changed={row.before !== undefined ? 'true' : undefined}>
            <Table.Th w={{ base: 140, sm: 220 }} scope="row" fw={500} c="gray.8">
              {row.label}
            </Table.Th>
            <Table.Td>
              {row.before !== undefined ? (
                <Group gap={8} wrap="wrap">
                  <Text span size="sm" c="dimmed" td="line-through">
                    <VisuallyHidden>{t('domains.confirm.before')}</VisuallyHidden>
                    {row.before}
                  </Text>
                  <IconArrowRight size={14} aria-hidden />
                  <Text span size="sm" fw={600}>
                    <VisuallyHidden>{t('domains.confirm.after')}</VisuallyHidden>
                    {row.value}
                  </Text>
                  <Badge size="sm" variant="light" color="orange">
                    {t('domains.confirm.changed')}
                  </Badge>
                </Group>
              ) : (
                <Group gap={8} wrap="wrap">
                  <Text span size="sm" fw={row.custom ? 600 : undefined} style={{ wordBreak: 'break-word' }}>
                    {row.value}
                  </Text>
                  {row.custom ? (
                    <Badge size="sm" variant="light" color="blue">
                      {t('domains.confirm.custom')}
                    </Badge>
                  ) : null}
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The text of an option's value as the summary shows it. */
export function useOptionValueText(): (key: OptionKey, value: OptionFormValue) => string {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (key, value) => {
    const control = OPTION_CONTROLS[key];
    if (control.kind === 'flag') return value === true ? t('options.on') : t('options.off');
    if (control.kind === 'choice') return t(`options.values.${key}.${String(value)}`);
    if (value === null) return t(`options.unlimited.${key}`);
    return typeof value === 'number' ? value.toLocaleString(locale) : '';
  };
}

/**
 * The confirmation step's read-only view. For a new domain: every value. For an edit: only what changes, each
 * with its stored value struck through, so the master sees exactly what "save" will do.
 */
export function DomainSummary({
  values,
  before,
  defaults,
  footer,
}: {
  values: DomainFormValues;
  /** The stored domain as form values: the summary then lists the changes only. */
  before?: DomainFormValues | undefined;
  /** A new domain's defaults: options set otherwise are marked. */
  defaults?: DomainFormValues | undefined;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const optionText = useOptionValueText();
  const none = t('domains.confirm.none');
  const flagsText = (flags: readonly string[]) =>
    flags.length === 0 ? none : flags.map((f) => t(`domains.hostFlags.${f}`)).join(t('domains.confirm.listSeparator'));

  const keep = (row: Row): boolean => !before || row.before !== undefined;
  const changed = (now: string, then: string | undefined): string | undefined =>
    before && then !== now ? then : undefined;

  const basic: Row[] = [
    {
      id: 'host',
      label: t('domains.fields.host'),
      value: values.host.trim().toLowerCase(),
      before: changed(values.host.trim().toLowerCase(), before?.host),
    },
    { id: 'company_code', label: t('domains.fields.company_code'), value: values.company_code.trim() },
    {
      id: 'service_name',
      label: t('domains.fields.service_name'),
      value: values.service_name.trim(),
      before: changed(values.service_name.trim(), before?.service_name),
    },
    ...(before
      ? []
      : [
          {
            id: 'company_name',
            label: t('domains.fields.company_name'),
            value: values.company_name.trim() || values.service_name.trim(),
          },
        ]),
    {
      id: 'host_flags',
      label: t('domains.fields.host_flags'),
      value: flagsText(values.host_flags),
      before: changed(flagsText(values.host_flags), before ? flagsText(before.host_flags) : undefined),
    },
  ].filter(keep);

  const sections = OPTION_SECTION_IDS.map((section) => ({
    section,
    rows: OPTION_SECTIONS[section]
      .map((key): Row => {
        const value = optionText(key, values.options[key]);
        return {
          id: key,
          label: t(`options.labels.${key}`),
          value,
          before: changed(value, before ? optionText(key, before.options[key]) : undefined),
          custom: defaults !== undefined && optionText(key, defaults.options[key]) !== value,
        };
      })
      .filter(keep),
  })).filter((s) => s.rows.length > 0);

  return (
    <Stack gap="lg">
      {basic.length > 0 ? (
        <SectionCard title={t('domains.sections.basic')} id="summary-basic">
          <SummaryTable rows={basic} testId="summary-basic" />
        </SectionCard>
      ) : null}
      {before ? null : (
        <SectionCard
          title={t('domains.sections.superUser')}
          description={t('domains.confirm.mailNote')}
          id="summary-super"
        >
          <SummaryTable
            rows={[
              {
                id: 'super_email',
                label: t('domains.fields.super_user_email'),
                value: values.super_user_email.trim().toLowerCase(),
              },
              { id: 'super_name', label: t('domains.fields.super_user_name'), value: superUserNameOf(values) },
            ]}
            testId="summary-super-user"
          />
        </SectionCard>
      )}
      {sections.map(({ section, rows }) => {
        // Two tables side by side on wide screens: the options are many and their values short.
        const half = Math.ceil(rows.length / 2);
        return (
          <SectionCard key={section} title={t(`options.sections.${section}.title`)} id={`summary-${section}`}>
            {rows.length > 2 ? (
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing={0} data-testid={`summary-${section}`}>
                <SummaryTable rows={rows.slice(0, half)} />
                <SummaryTable rows={rows.slice(half)} />
              </SimpleGrid>
            ) : (
              <SummaryTable rows={rows} testId={`summary-${section}`} />
            )}
          </SectionCard>
        );
      })}
      {footer}
    </Stack>
  );
}
