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
  /** Tabs whose work is done (checked, saved or holding media): the only ones with a tick. */
  done: ReadonlySet<WizardTab>;
  onSelect: (index: number) => void;
}

/**
 * The wizard's tabs: visited ones clickable, the others not yet reachable, a tab with an error in red, and a
 * tick only on a tab whose work is done (passing by a media step before the vehicle exists does not tick it). On a wide screen a vertical stepper beside the form; on a phone a line saying where one is, with the
 * visited tabs in a select (nine steps do not fit across 375 px).
 */
export function WizardNav({ tabs, state, marked, done, onSelect }: WizardNavProps) {
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
          const ticked = !error && done.has(tab);
          // The stepper shows every step before the current one as completed: one not done keeps its number, grey.
          const passedIcon = error ? <IconAlertTriangle size={16} aria-hidden /> : ticked ? undefined : i + 1;
          return (
            <Stepper.Step
              key={tab}
              label={t(`contentsWizard.tabs.${tab}`)}
              description={error ? t('contentsWizard.hasErrors') : undefined}
              color={error ? 'red' : !ticked && i < state.current ? 'gray.7' : undefined}
              icon={
                error ? (
                  <IconAlertTriangle size={16} aria-hidden />
                ) : ticked && i > state.current ? (
                  <IconCheck size={16} aria-hidden />
                ) : undefined
              }
              completedIcon={passedIcon}
              allowStepSelect={canSelectTab(state, i) && i !== state.current}
              aria-current={i === state.current ? 'step' : undefined}
              data-testid={`wizard-tab-${tab}`}
              data-error={error || undefined}
              data-visited={state.visited[i] || undefined}
              data-done={ticked || undefined}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
