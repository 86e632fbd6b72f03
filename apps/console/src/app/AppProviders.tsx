import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@spinyard/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { cssVariablesResolver, theme } from '../shared/theme.ts';

// The notification stack (its transitions, portal and close buttons) is code no page needs before its first
// notification, so it loads then; the notification waits in Mantine's store meanwhile and shows once it arrives.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

function NotificationStack() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  // Once mounted it stays, so a closing notification finishes its transition.
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} autoClose={NOTIFICATION_DURATION_MS.default} />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <NotificationStack />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
