import { ActionIcon, Badge, Group, NativeSelect, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  DAMAGE_SYMBOLS,
  type DamageSymbol,
  DEVELOPMENT_VIEW_PANELS,
  type DevelopmentViewPanel,
  INSPECTION_MARKS_MAX,
  LEVELLED_SYMBOLS,
  markSymbol,
} from '@spinyard/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/ActionButton.tsx';
import type { MarkValues } from './contentForm.ts';
import classes from './DamageMapEditor.module.css';

export interface DamageMapEditorProps {
  marks: readonly MarkValues[];
  onChange: (marks: MarkValues[]) => void;
  error?: string | undefined;
  /** The first input, focused when the marks are refused. */
  inputRef?: (element: HTMLElement | null) => void;
}

/**
 * The inspector's damage map: the body panels (numbered as the development view numbers them) with the marks
 * each carries; a panel chosen on the map or in the list gets a symbol, with its level 1-3 for the symbols that
 * have one. A mark is removed from its panel.
 */
export function DamageMapEditor({ marks, onChange, error, inputRef }: DamageMapEditorProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<DevelopmentViewPanel>(DEVELOPMENT_VIEW_PANELS[0]);
  const [symbol, setSymbol] = useState<DamageSymbol>('A');
  const [level, setLevel] = useState('1');
  const levelled = LEVELLED_SYMBOLS.includes(symbol);
  const full = marks.length >= INSPECTION_MARKS_MAX;

  const add = () => {
    if (full) return;
    onChange([...marks, { panel, symbol, level: levelled ? Number(level) : null }]);
  };
  const remove = (index: number) => onChange(marks.filter((_, i) => i !== index));
  const panelName = (p: DevelopmentViewPanel) => t(`contentPanels.${p}`);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          ref={inputRef}
          label={t('contentsWizard.inspector.panel')}
          value={panel}
          onChange={(e) => setPanel(e.currentTarget.value as DevelopmentViewPanel)}
          data={DEVELOPMENT_VIEW_PANELS.map((p, i) => ({ value: p, label: `${i + 1}. ${panelName(p)}` }))}
          data-testid="mark-panel"
          style={{ flex: '1 1 200px' }}
        />
        <NativeSelect
          label={t('contentsWizard.inspector.symbol')}
          value={symbol}
          onChange={(e) => setSymbol(e.currentTarget.value as DamageSymbol)}
          data={DAMAGE_SYMBOLS.map((s) => ({ value: s, label: `${s}: ${t(`damageSymbols.${s}`)}` }))}
          data-testid="mark-symbol"
          style={{ flex: '1 1 180px' }}
        />
        <NativeSelect
          label={t('contentsWizard.inspector.level')}
          value={levelled ? level : ''}
          onChange={(e) => setLevel(e.currentTarget.value)}
          data={
            levelled
              ? ['1', '2', '3'].map((v) => ({ value: v, label: t(`contentsWizard.inspector.levels.${v}`) }))
              : [{ value: '', label: t('contentsWizard.inspector.noLevel') }]
          }
          disabled={!levelled}
          data-testid="mark-level"
          style={{ flex: '0 1 140px' }}
        />
        <ActionButton icon={IconPlus} variant="light" onClick={add} disabled={full} testId="mark-add">
          {t('contentsWizard.inspector.add')}
        </ActionButton>
      </Group>
      {full ? (
        <Text size="sm" c="gray.8">
          {t('contentsWizard.inspector.full', { max: INSPECTION_MARKS_MAX })}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red.9" role="alert" data-testid="marks-error">
          {error}
        </Text>
      ) : null}

      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4 }}
        spacing="xs"
        component="ul"
        className={classes.map}
        aria-label={t('contentsWizard.inspector.map')}
        data-testid="damage-map"
      >
        {DEVELOPMENT_VIEW_PANELS.map((p, n) => {
          const onPanel = marks.map((m, index) => ({ m, index })).filter(({ m }) => m.panel === p);
          return (
            <li key={p} className={classes.panel} data-selected={p === panel || undefined} data-testid={`panel-${p}`}>
              <UnstyledButton className={classes.panelName} onClick={() => setPanel(p)} aria-pressed={p === panel}>
                <Text size="xs" fw={600}>
                  {n + 1}. {panelName(p)}
                </Text>
              </UnstyledButton>
              <Group gap={4} mt={4}>
                {onPanel.map(({ m, index }) => (
                  <Badge
                    key={index}
                    variant="light"
                    color="red"
                    size="lg"
                    pr={2}
                    rightSection={
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        color="red.9"
                        onClick={() => remove(index)}
                        aria-label={t('contentsWizard.inspector.remove', {
                          mark: markSymbol(m),
                          panel: panelName(p),
                        })}
                        data-testid={`mark-remove-${index}`}
                      >
                        <IconX size={12} aria-hidden />
                      </ActionIcon>
                    }
                    data-testid="mark"
                  >
                    {markSymbol(m)}
                  </Badge>
                ))}
              </Group>
            </li>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
