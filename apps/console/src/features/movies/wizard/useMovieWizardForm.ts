import { type ContentMovieSettings, contentMovieSettingsSchema } from '@spinyard/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { get } from 'react-hook-form';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useSaveMovieSettings } from '../../../api/movies.ts';
import { FORM_ERROR, useZodForm } from '../../../forms/useZodForm.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { movieFieldMessage } from './movieFieldNames.ts';

/** A pause in typing this long saves what stands (a save per key would race the one before it). */
export const AUTOSAVE_MS = 700;

export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'refused';

/**
 * The wizard's settings as one react-hook-form over the domain's schema, saved as the dealer goes: each change,
 * after a short pause, is checked by the schema (its refusals on their fields, in the user's language) and sent.
 * A refused save puts the server's refusals on their fields and keeps everything typed: the form is never reset
 * from an answer, only filled once from the first read.
 */
export function useMovieWizardForm(contentId: string, saved: ContentMovieSettings) {
  const form = useZodForm(contentMovieSettingsSchema, {
    defaultValues: saved,
    message: movieFieldMessage,
    // Saving runs while the dealer types: it must not take the caret to another field.
    shouldFocusError: false,
  });
  const save = useSaveMovieSettings(contentId);
  const [state, setState] = useState<SaveState>('idle');
  const [problems, setProblems] = useState<string[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const lastSaved = useRef(false);

  const refused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 422 && error.fields.length > 0) {
        for (const field of error.fields) {
          form.setError(field.field as never, { type: 'server', message: movieFieldMessage(field) });
        }
        return;
      }
      const text = error instanceof ApiError ? apiErrorText(error) : i18n.t('errors.general_error');
      form.setError(FORM_ERROR, { type: 'server', message: text });
    },
    [form.setError],
  );

  const submit = form.handleSubmit(
    async (body) => {
      setState('saving');
      try {
        await save.mutateAsync(body);
        lastSaved.current = true;
        setState('saved');
      } catch (error) {
        lastSaved.current = false;
        refused(error);
        setState('refused');
      }
    },
    (errors) => {
      lastSaved.current = false;
      setProblems(messagesOf(errors));
      setState('invalid');
    },
  );
  const submitRef = useRef(submit);
  submitRef.current = submit;

  /** Saves now (the render button does, so the movie is made from what is on screen): whether it was saved. */
  const flush = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    await submitRef.current();
    return lastSaved.current;
  }, []);

  useEffect(() => {
    const watching = form.watch(() => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void submitRef.current(), AUTOSAVE_MS);
    });
    return () => {
      watching.unsubscribe();
      window.clearTimeout(timer.current);
    };
  }, [form.watch]);

  return { form, state, problems: state === 'invalid' ? problems : [], flush };
}

export type MovieWizardForm = ReturnType<typeof useMovieWizardForm>['form'];

/** The message of a refused field or list (a list's own refusal may sit on the list or on its `root`). */
export function errorAt(form: MovieWizardForm, name: string): string | undefined {
  const errors = form.formState.errors;
  const at = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return at?.message ?? at?.root?.message;
}

/**
 * Every message of a refused form, in the order of its fields: said once more beside the save state, so a refusal
 * on a part of the settings the page shows no field for (a scene's list) is never a silent "not saved".
 */
export function messagesOf(errors: unknown): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string') return [own];
  return Object.entries(errors)
    .filter(([key]) => key !== 'ref')
    .flatMap(([, value]) => messagesOf(value));
}
