import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@spinyard/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/queryClient.ts';
import { i18n } from '../i18n/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications position="top-right" limit={4} autoClose={NOTIFICATION_DURATION_MS.default} />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
