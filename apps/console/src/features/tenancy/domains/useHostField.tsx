import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../shared/fieldText.ts';
import { hostErrors } from './domainForm.ts';
import type { HostCheck } from './useHostCheck.ts';

/**
 * What the host and company code inputs say: the host's own error first (typed or refused), then the rules once
 * typing pauses, then the availability the server answered (a mark at the input's end and a line under it).
 */
export function useHostField(host: string, hostCheck: HostCheck, textOf: (field: string) => string | undefined) {
  const { t } = useTranslation();
  const [settledHost] = useDebouncedValue(host, 400);
  const hostRuleError = settledHost === host && host.trim() !== '' ? hostErrors(host)[0] : undefined;
  let hostError = textOf('host') ?? (hostRuleError ? fieldErrorText(hostRuleError) : undefined);
  let codeError = textOf('company_code');
  let hostDescription = t('domains.help.host');
  let hostRight: ReactNode = null;
  if (!hostError && !hostRuleError) {
    if (hostCheck.status === 'checking') {
      hostRight = <Loader size={16} aria-hidden />;
      hostDescription = t('domains.hostCheck.checking');
    } else if (hostCheck.status === 'available') {
      hostRight = <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />;
      hostDescription = t('domains.hostCheck.available');
    } else if (hostCheck.status === 'failed') {
      hostRight = <IconAlertTriangle size={18} color="var(--mantine-color-orange-9)" aria-hidden />;
      hostDescription = t('domains.hostCheck.failed');
    } else if (hostCheck.status === 'unavailable') {
      if (hostCheck.reason === 'company_code_in_use') codeError ??= t('domains.hostCheck.company_code_in_use');
      else hostError = t(`domains.hostCheck.${hostCheck.reason}`);
    }
  }
  return { hostError, codeError, hostDescription, hostRight };
}
