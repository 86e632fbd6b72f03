import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ContentAnswer, DEVELOPMENT_VIEW_PANELS, type InspectionMark, markSymbol } from '@spinyard/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/formatDateTime.ts';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { useVehicleFields } from '../vehicleFields.ts';
import { basicInfoValue, EMPTY_VALUE, onOff, textValue } from './detailValues.ts';
import { FlagSwitch } from './FlagSwitch.tsx';

/** One label and its value, the label kept for screen readers and sighted users alike. */
function Item({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** A panel's marks as symbols with how often each was recorded (two small scratches read "A1 ×2"). */
function symbolCounts(marks: readonly InspectionMark[]): { symbol: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const m of marks) counts.set(markSymbol(m), (counts.get(markSymbol(m)) ?? 0) + 1);
  return [...counts].map(([symbol, count]) => ({ symbol, count }));
}

function Items({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 3 }} spacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

/**
 * Every field of the vehicle, grouped as the wizard groups them (bike fields only for bikes); the display switches
 * can be turned from here, unless the vehicle cannot be edited now.
 */
export function DetailSections({ content: c, locked }: { content: ContentAnswer; locked: boolean }) {
  const { t, i18n } = useTranslation();
  const fields = useVehicleFields();
  const keys = fields.keysFor(c.contents_style);
  const field = fields.label;
  const marksByPanel = DEVELOPMENT_VIEW_PANELS.map((panel, n) => ({
    panel,
    n: n + 1,
    marks: c.inspection.marks.filter((m) => m.panel === panel),
  })).filter((p) => p.marks.length > 0);

  return (
    <Stack gap="lg">
      <SectionCard id="detail-identity" title={t('contentsWizard.sections.identity')}>
        <Items>
          <Item label={field('management_id')} value={c.management_id} testId="detail-management_id" />
          <Item label={field('chassis_number')} value={textValue(c.chassis_number)} />
          <Item label={field('listing_id')} value={textValue(c.listing_id)} />
          <Item label={t('contentsDetail.owner')} value={c.owner.name} />
          <Item label={t('contentsDetail.creator')} value={c.creator.name} />
          <Item label={t('contentsDetail.listingLink')} value={t(`contentsWizard.linkStates.${c.listing_link}`)} />
        </Items>
      </SectionCard>

      <SectionCard id="detail-basic" title={t('contentsWizard.sections.basic')}>
        <Items>
          {keys.map((key) => (
            <Item key={key} label={field(key)} value={basicInfoValue(c, key)} testId={`detail-${key}`} />
          ))}
        </Items>
      </SectionCard>

      <SectionCard id="detail-shown" title={t('contentsWizard.sections.shown')}>
        <Items>
          <Item
            label={field('basic_info_shown')}
            value={
              c.basic_info_shown.length === 0
                ? EMPTY_VALUE
                : c.basic_info_shown.map(field).join(t('contentsWizard.listSeparator'))
            }
          />
          <Item label={field('option_display')} value={onOff(c.option_display)} />
        </Items>
      </SectionCard>

      <SectionCard id="detail-publication" title={t('contentsWizard.sections.publication')}>
        <Items>
          <Item label={field('limited_password_enabled')} value={onOff(c.limited_password_enabled)} />
          <Item
            label={field('limited_password')}
            value={t(c.limited_password_set ? 'contentsDetail.passwordSet' : 'contentsDetail.passwordNotSet')}
          />
          <Item label={field('analytics_tag_enabled')} value={onOff(c.analytics_tag_enabled)} />
          <Item label={field('analytics_tag')} value={textValue(c.analytics_tag)} />
        </Items>
      </SectionCard>

      <SectionCard id="detail-development" title={t('contentsWizard.tabs.development_view')}>
        <Stack gap="md">
          <FlagSwitch content={c} flag="development_view_display" disabled={locked} />
          <Items>
            <Item
              label={field('development_view_position')}
              value={t(`contentsWizard.positions.${c.development_view_position}`)}
            />
          </Items>
        </Stack>
      </SectionCard>

      <SectionCard id="detail-inspection" title={t('contentsWizard.tabs.inspector')}>
        <Stack gap="md">
          <Group gap="xl">
            <FlagSwitch content={c} flag="inspection_data_display" disabled={locked} />
            <FlagSwitch content={c} flag="defect_display" disabled={locked} />
          </Group>
          <Items>
            <Item label={field('inspector_name')} value={textValue(c.inspection.inspector_name)} />
            <Item
              label={field('inspected_on')}
              value={textValue(formatDay(c.inspection.inspected_on ?? '', i18n.language))}
              testId="detail-inspected_on"
            />
          </Items>
          <Items>
            <Item
              label={field('comment')}
              value={<span style={{ whiteSpace: 'pre-line' }}>{textValue(c.inspection.comment)}</span>}
            />
          </Items>
          <div>
            <Text size="xs" c="gray.7" fw={600} mb={4}>
              {t('contentsWizard.inspector.map')}
            </Text>
            {marksByPanel.length === 0 ? (
              <Text size="sm">{t('contentsDetail.noMarks')}</Text>
            ) : (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="detail-marks">
                {marksByPanel.map(({ panel, n, marks }) => (
                  <Group key={panel} component="li" gap="xs">
                    <Text size="sm">
                      {n}. {t(`contentPanels.${panel}`)}
                    </Text>
                    {symbolCounts(marks).map(({ symbol, count }) => (
                      <Badge key={symbol} variant="light" color="red">
                        {count > 1 ? `${symbol} ×${count}` : symbol}
                      </Badge>
                    ))}
                  </Group>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      </SectionCard>
    </Stack>
  );
}
