import { ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import type { HotspotAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';

/**
 * The exterior defect list (first document, section 3: "defect list with type and colour, default colour white"):
 * the damage hotspots of the spin with their type, position and colour, to check them at a glance.
 */
export function DefectList({ hotspots }: { hotspots: readonly HotspotAnswer[] }) {
  const { t } = useTranslation();
  const defects = hotspots.filter((h) => h.category === 'damage');
  return (
    <Stack gap={4} data-testid="defect-list">
      <Text fw={700} size="sm" component="h3" m={0}>
        {t('annotations.defects.title')}
      </Text>
      {defects.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('annotations.defects.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('annotations.fields.title')}</Table.Th>
                <Table.Th>{t('annotations.fields.damage_type')}</Table.Th>
                <Table.Th>{t('annotations.fields.damage_position')}</Table.Th>
                <Table.Th>{t('annotations.fields.damage_colour')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {defects.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{h.title}</Table.Td>
                  <Table.Td>{h.damage_type ? t(`annotations.damageTypes.${h.damage_type}`) : '-'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{h.damage_position ?? '-'}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <ColorSwatch color={h.damage_colour} size={14} withShadow aria-hidden />
                      {t(`annotations.colours.${h.damage_colour}`, { defaultValue: h.damage_colour })}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
