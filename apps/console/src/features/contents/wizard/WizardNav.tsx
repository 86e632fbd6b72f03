import { NativeSelect, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { canSelectTab, type WizardState } from '@spinyard/domain';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WizardTab } from './wizardTabs.ts';

export interface WizardNavProps {
  tabs: readonly WizardTab[];
  state: WizardState;
  /** Tabs marked for an error (a failed forward check, or a refused field they hold). */
  marked: ReadonlySet<WizardTab>;
  onSelect: (index: number) => void;
}

/**
 * The wizard's tabs: visited ones checked and clickable, the others not yet reachable, a tab with an error in
 * red. On a wide screen a vertical stepper beside the form; on a phone a line saying where one is, with the
 * visited tabs in a select (nine steps do not fit across 375 px).
 */
export function WizardNav({ tabs, state, marked, onSelect }: WizardNavProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const current = tabs[state.current];
  const label = (tab: WizardTab) =>
    marked.has(tab)
      ? `${t(`contentsWizard.tabs.${tab}`)} (${t('contentsWizard.hasErrors')})`
      : t(`contentsWizard.tabs.${tab}`);

  if (narrow) {
    return (
      <Stack gap={6} data-testid="wizard-nav">
        <Text size="sm" c="gray.7">
          {t('contentsWizard.stepOf', { n: state.current + 1, total: tabs.length })}
        </Text>
        <Progress
          value={((state.current + 1) / tabs.length) * 100}
          aria-hidden
          color={current && marked.has(current) ? 'red' : 'blue'}
        />
        <NativeSelect
          label={t('contentsWizard.goTo')}
          value={String(state.current)}
          onChange={(e) => onSelect(Number(e.currentTarget.value))}
          data={tabs.map((tab, i) => ({ value: String(i), label: label(tab), disabled: !canSelectTab(state, i) }))}
          data-testid="wizard-nav-select"
        />
      </Stack>
    );
  }

  return (
    <nav aria-label={t('contentsWizard.stepsLabel')} data-testid="wizard-nav">
      <Stepper
        active={state.current}
        onStepClick={onSelect}
        orientation="vertical"
        size="sm"
        allowNextStepsSelect={false}
      >
        {tabs.map((tab, i) => {
          const error = marked.has(tab);
          // The stepper checks only the steps before the current one; a visited step after it is checked too.
          const visitedAhead = i > state.current && state.visited[i] === true;
          return (
            <Stepper.Step
              key={tab}
              label={t(`contentsWizard.tabs.${tab}`)}
              description={error ? t('contentsWizard.hasErrors') : undefined}
              color={error ? 'red' : undefined}
              icon={
                error ? (
                  <IconAlertTriangle size={16} aria-hidden />
                ) : visitedAhead ? (
                  <IconCheck size={16} aria-hidden />
                ) : undefined
              }
              completedIcon={error ? <IconAlertTriangle size={16} aria-hidden /> : undefined}
              allowStepSelect={canSelectTab(state, i) && i !== state.current}
              aria-current={i === state.current ? 'step' : undefined}
              data-testid={`wizard-tab-${tab}`}
              data-error={error || undefined}
              data-visited={state.visited[i] || undefined}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
