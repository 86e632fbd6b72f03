import { Button, Stack, Text } from '@mantine/core';
import { PASSWORD_RESET_TTL_MS } from '@spinyard/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { checkPasswordReset, completePasswordReset } from '../../api/account.ts';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';
import { fieldMessages, formErrorsOf } from './formErrors.ts';
import { LoadingPanel } from './LoadingPanel.tsx';
import { type LinkProblem, linkProblemOf } from './linkProblems.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { newPasswordErrors } from './passwordRules.ts';
import { ResultPanel } from './ResultPanel.tsx';
import { useFormErrors } from './useFormErrors.ts';

type Field = 'password' | 'retypedPassword';
const FIELDS: readonly Field[] = ['password', 'retypedPassword'];
const NAMES = { password: 'password', retyped: 'retypedPassword' } as const;
/** The server's `password` is the new password: the form says so in its labels and messages. */
const LABELS = { password: 'fields.newPassword', retyped: 'fields.retypedNewPassword' } as const;
const NAME_KEYS = { password: LABELS.password, retypedPassword: LABELS.retyped };

/**
 * /user/password/confirmation/{resetToken}, opened from the mail: the link is checked first (an expired or used
 * link says so and offers a new mail), then the new password is asked for, with the rules shown as a checklist.
 * Success goes to /user/password/complete.
 */
export function PasswordResetConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().resetToken ?? '';
  const check = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => checkPasswordReset(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const complete = useMutation({
    mutationFn: (body: { password: string; retypedPassword: string }) => completePasswordReset(token, body),
  });
  const [values, setValues] = useState({ password: '', retyped: '' });
  const { errors, refs, show, edited, clear } = useFormErrors(FIELDS);
  const [refused, setRefused] = useState<LinkProblem | undefined>();
  // Right after activation the same link sets the account's first password: its own title and words, no "reset".
  const firstPassword = check.data?.firstPassword === true;
  const title = firstPassword ? t('activation.choosePasswordTitle') : t('screens.user_password_confirmation');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = newPasswordErrors(values.password, values.retyped, NAMES);
    if (problems.length > 0) {
      show({ fields: fieldMessages(problems, FIELDS, NAME_KEYS).fields });
      return;
    }
    clear();
    complete.mutate(
      { password: values.password, retypedPassword: values.retyped },
      {
        onSuccess: () => void navigate('/user/password/complete', { replace: true, state: { firstPassword } }),
        onError: (error) => {
          const problem = error instanceof ApiError && error.status === 400 ? linkProblemOf(error) : undefined;
          if (problem === 'expired' || problem === 'invalid') {
            setRefused(problem);
            return;
          }
          show(formErrorsOf(error, FIELDS, {}, NAME_KEYS));
        },
      },
    );
  };

  if (check.isPending) {
    return (
      <AuthCard title={title}>
        <LoadingPanel message={t('passwordReset.checking')} />
      </AuthCard>
    );
  }

  const problem = refused ?? (check.isError ? linkProblemOf(check.error) : undefined);
  if (problem) {
    return (
      <AuthCard title={title}>
        <ResultPanel
          tone="problem"
          testId="reset-link-problem"
          message={
            problem === 'other' && check.error instanceof ApiError
              ? apiErrorText(check.error)
              : t(problem === 'expired' ? 'passwordReset.linkExpired' : 'passwordReset.linkInvalid', {
                  hours: Math.round(PASSWORD_RESET_TTL_MS / 3_600_000),
                })
          }
        >
          <Stack gap="sm">
            {problem === 'other' ? (
              <Button size="md" onClick={() => void check.refetch()}>
                {t('common.retry')}
              </Button>
            ) : (
              <Button component={Link} to="/user/password" size="md">
                {t('passwordReset.requestAgain')}
              </Button>
            )}
            <Button component={Link} to="/login" variant="subtle">
              {t('common.backToLogin')}
            </Button>
          </Stack>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} width={480}>
      <form onSubmit={onSubmit} noValidate aria-label={t('passwordReset.newFormLabel')}>
        <Stack gap="md">
          <Text size="sm" ta="center" data-testid="reset-account">
            {t(firstPassword ? 'activation.choosePasswordFor' : 'passwordReset.forAccount', {
              email: check.data?.email ?? '',
            })}
          </Text>
          <FormAlert message={errors.form} testId="reset-error" />
          <NewPasswordFields
            names={NAMES}
            labelKeys={LABELS}
            size="md"
            values={values}
            errors={{ password: errors.fields.password, retyped: errors.fields.retypedPassword }}
            refs={{ password: refs.password, retyped: refs.retypedPassword }}
            onChange={(which, value) => {
              setValues((v) => ({ ...v, [which]: value }));
              edited(which === 'password' ? 'password' : 'retypedPassword');
            }}
          />
          <Button type="submit" size="md" fullWidth loading={complete.isPending}>
            {t(firstPassword ? 'activation.choosePasswordSave' : 'passwordReset.save')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
