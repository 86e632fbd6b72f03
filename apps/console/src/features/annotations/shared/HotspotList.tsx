import { Alert, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { HotspotAnswer, HotspotListAnswer } from '@spinyard/domain';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { WARNING_TEXT } from '../../../shared/theme.ts';

export interface HotspotListProps {
  answer: HotspotListAnswer;
  /** The hotspots of what is shown (a row, a scene), numbered as the markers are. */
  items: readonly HotspotAnswer[];
  selected: string | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onAdd: () => void;
}

/** Whether one more manual hotspot may be added: the domain's maximum counts the vehicle's exterior and interior. */
export const atMaximum = (answer: Pick<HotspotListAnswer, 'manual_count' | 'max_manual'>) =>
  answer.manual_count >= answer.max_manual;

/**
 * The hotspots of the row or scene shown, to choose one to edit, with the vehicle's count against the domain's
 * maximum; "add" is refused here with the reason when the maximum is reached (the server refuses it too).
 */
export function HotspotList({ answer, items, selected, readOnly, onSelect, onAdd }: HotspotListProps) {
  const { t } = useTranslation();
  const full = atMaximum(answer);
  return (
    <Stack gap="xs" data-testid="hotspot-list">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} size="sm" data-testid="hotspot-count">
          {t('annotations.list.count', { count: answer.manual_count, max: answer.max_manual })}
        </Text>
        <ToolButton
          size="xs"
          tone="filled"
          icon={IconPlus}
          onClick={onAdd}
          disabled={readOnly || full || selected === 'new'}
          aria-describedby={full ? 'hotspot-limit' : undefined}
          data-testid="hotspot-add"
        >
          {t('annotations.list.add')}
        </ToolButton>
      </Group>
      {full ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          p="xs"
          id="hotspot-limit"
          data-testid="hotspot-limit"
          styles={{ message: { color: WARNING_TEXT } }}
        >
          {t('annotations.list.full', { max: answer.max_manual })}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('annotations.list.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((h, i) => (
            <li key={h.id}>
              <UnstyledButton
                onClick={() => onSelect(h.id)}
                aria-pressed={h.id === selected}
                data-testid={`hotspot-item-${i + 1}`}
                p={6}
                w="100%"
                style={{
                  borderRadius: 6,
                  border: `1px solid var(--mantine-color-${h.id === selected ? 'blue-6' : 'gray-3'})`,
                  background: h.id === selected ? 'var(--mantine-color-blue-0)' : undefined,
                }}
              >
                <Group gap="xs" wrap="nowrap">
                  {/* Not `circle`: a circle's fixed width cut "10" to "1…" (30 hotspots a vehicle). */}
                  <Badge variant="filled" color="dark" radius="xl" px={6} miw={22} style={{ flexShrink: 0 }}>
                    {i + 1}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
                    {h.title}
                  </Text>
                  {h.proposed ? (
                    <Badge variant="light" color="yellow" c="dark" tt="none">
                      {t('annotations.proposals.badge')}
                    </Badge>
                  ) : null}
                  <Badge variant="light" color="gray" tt="none">
                    {t(`annotations.types.${h.type}`)}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
