import { Alert, Grid, Stack } from '@mantine/core';
import { initialWizardState, type WizardState, wizardReducer } from '@spinyard/domain';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import type { FormErrors } from '../../../forms/formErrors.ts';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import {
  type ContentFormOutput,
  type ContentFormValues,
  type ContentStyle,
  contentFormErrors,
  contentFormSchema,
  EMPTY_CONTENT_FORM,
} from './contentForm.ts';
import { contentFieldErrorText, contentRefusalOf, editLockText } from './contentText.ts';
import { DevelopmentViewStep } from './DevelopmentViewStep.tsx';
import type { EditLock } from './editLock.ts';
import { InspectorStep } from './InspectorStep.tsx';
import { MediaStep } from './MediaStep.tsx';
import { WizardButtons } from './WizardButtons.tsx';
import { WizardNav } from './WizardNav.tsx';
import { errorsOfTab, MEDIA_TABS, tabsFor, tabsWithErrors, type WizardTab } from './wizardTabs.ts';

/** The paths a refusal can be shown on, in the order the tabs show them (the first one takes the focus). */
const FORM_FIELDS = [
  ...Object.keys(EMPTY_CONTENT_FORM).filter((key) => key !== 'inspection'),
  'inspection.inspector_name',
  'inspection.inspected_on',
  'inspection.comment',
  'inspection.marks',
] as (keyof ContentFormValues & string)[];

/** A refused save: the failed call's error, and the form path its fields sit under (the inspection call's). */
export interface SaveRefusal {
  error: unknown;
  prefix: string;
}

export interface ContentWizardProps {
  mode: 'add' | 'edit';
  /** The saved vehicle (edit); null while registering. Its media steps upload to it. */
  contentId: string | null;
  /** The tab to open first (`?tab=` of the edit page, e.g. the detail page's "edit media"). */
  initialTab?: WizardTab | undefined;
  style: ContentStyle;
  initial: ContentFormValues;
  /** Whether the stored vehicle has a limited-publication password (empty then keeps it). */
  passwordSet: boolean;
  /** The media steps whose media the stored vehicle already has (edit): ticked like a saved form step. */
  savedMedia?: ReadonlySet<WizardTab>;
  /** Why the vehicle cannot be edited: the form is shown read-only with the reason. */
  lock: EditLock | null;
  /** Saves the checked form; answers the refusal, or null once saved. */
  onSave: (output: ContentFormOutput) => Promise<SaveRefusal | null>;
}

function startState(tabCount: number, mode: 'add' | 'edit', initialIndex: number): WizardState {
  const start = initialWizardState(tabCount);
  // A stored vehicle went through every tab when it was registered: all are checked and can be opened.
  if (mode !== 'edit') return start;
  return { ...start, current: Math.max(0, initialIndex), visited: start.visited.map(() => true) };
}

/** A save's refusal as the form shows it: its fields beside them, the rest above the form. */
function formErrorsOfRefusal(refusal: unknown): FormErrors<string> {
  const { error, prefix } = refusal as SaveRefusal;
  const found = contentRefusalOf(error, prefix);
  const fields: FormErrors<string>['fields'] = {};
  const elsewhere: string[] = found.form ? [found.form] : [];
  for (const [path, text] of Object.entries(found.fields)) {
    if ((FORM_FIELDS as string[]).includes(path)) fields[path] = text;
    else if (text) elsewhere.push(text);
  }
  return elsewhere.length > 0 ? { form: elsewhere.join('\n'), fields } : { fields };
}

/**
 * The steps whose work is done, ticked: a form step checked on the way forward (or saved, when editing), a media
 * step holding media. While registering no media step is done: media need the saved vehicle.
 */
function doneSteps(
  tabs: readonly WizardTab[],
  mode: ContentWizardProps['mode'],
  state: { visited: readonly (boolean | undefined)[]; errors: readonly (string | undefined)[] },
  savedMedia: ReadonlySet<WizardTab> | undefined,
): Set<WizardTab> {
  return new Set(
    tabs.filter((step, i) =>
      MEDIA_TABS.includes(step)
        ? savedMedia?.has(step) === true
        : mode === 'edit' || (state.visited[i + 1] === true && state.errors[i] === undefined),
    ),
  );
}

/**
 * The registration wizard (first document, sections 2 and 4) over the domain's wizardReducer: visited tabs are
 * checked and clickable, moving forward checks the current tab and stays there marked red when it fails, going
 * back is free; the last step saves (an edit can save from any tab). A refused save puts each message beside its
 * field and marks and opens the tab holding it.
 */
export function ContentWizard({
  mode,
  contentId,
  initialTab,
  style,
  initial,
  passwordSet,
  lock,
  savedMedia,
  onSave,
}: ContentWizardProps) {
  const { t } = useTranslation();
  const tabs = tabsFor(style);
  const [state, dispatch] = useReducer(
    wizardReducer,
    startState(tabs.length, mode, initialTab ? tabs.indexOf(initialTab) : 0),
  );
  const context = { passwordSet };
  const form = useZodForm(contentFormSchema(context), {
    defaultValues: initial,
    message: contentFieldErrorText,
    shouldFocusError: false,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: FORM_FIELDS,
    focus: focusFirstInvalid,
    errorsOf: formErrorsOfRefusal,
  });

  const { errors, isSubmitting } = form.formState;
  const refusedPaths = Object.keys(errors).filter((key) => key !== 'root');
  const marked = new Set<WizardTab>([
    ...tabsWithErrors(refusedPaths, tabs),
    ...tabs.filter((_, i) => state.errors[i] !== undefined),
  ]);
  const done = doneSteps(tabs, mode, state, savedMedia);
  const readOnly = lock !== null;
  const tab = tabs[state.current] ?? tabs[0];
  const last = state.current === tabs.length - 1;

  /** The current tab's check before moving forward: its refusals beside its fields, undefined when it passes. */
  const checkCurrent = (): string | undefined => {
    if (!tab || readOnly) return undefined;
    const refused = errorsOfTab(contentFormErrors(form.getValues(), context), tab);
    for (const error of refused) {
      form.setError(error.field as keyof ContentFormValues, {
        type: error.rule,
        message: contentFieldErrorText(error),
      });
    }
    if (refused.length === 0) return undefined;
    focusFirstInvalid();
    return t('contentsWizard.hasErrors');
  };

  const select = (index: number) => {
    dispatch(index > state.current ? { type: 'select', index, error: checkCurrent() } : { type: 'select', index });
  };

  /** Opens the first tab holding a refused field (visited: a save is reached through every tab). */
  const openRefusedTab = (paths: readonly string[]) => {
    const first = tabsWithErrors(paths, tabs)[0];
    const index = first ? tabs.indexOf(first) : -1;
    if (index >= 0 && index !== state.current) dispatch({ type: 'select', index });
  };

  const submit = form.handleSubmit(
    async (output) => {
      const refusal = await onSave(output);
      if (refusal) openRefusedTab(Object.keys(showRefusal(refusal).fields));
    },
    (invalid) => {
      openRefusedTab(Object.keys(invalid));
      focusFirstInvalid();
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="content-wizard">
      <Stack gap="lg">
        {lock ? (
          <Alert color="orange" icon={<IconLock aria-hidden />} role="status" data-testid="content-locked">
            {editLockText(lock)}
          </Alert>
        ) : null}
        {form.formError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            style={{ whiteSpace: 'pre-line' }}
            data-testid="content-form-error"
          >
            {form.formError}
          </Alert>
        ) : null}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <WizardNav tabs={tabs} state={state} marked={marked} done={done} onSelect={select} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="lg">
              <fieldset
                disabled={readOnly}
                style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
                data-testid={`wizard-step-${tab}`}
              >
                {tab === 'basic_info' ? (
                  <BasicInfoStep form={form} style={style} passwordSet={passwordSet} />
                ) : tab === 'development_view' ? (
                  <DevelopmentViewStep form={form} />
                ) : tab === 'inspector' ? (
                  <InspectorStep form={form} />
                ) : tab && MEDIA_TABS.includes(tab) ? (
                  <MediaStep tab={tab} contentId={contentId} readOnly={readOnly} />
                ) : null}
              </fieldset>
              <WizardButtons
                mode={mode}
                first={state.current === 0}
                last={last}
                readOnly={readOnly}
                saving={isSubmitting}
                onBack={() => dispatch({ type: 'back' })}
                onNext={() => dispatch({ type: 'next', error: checkCurrent() })}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
