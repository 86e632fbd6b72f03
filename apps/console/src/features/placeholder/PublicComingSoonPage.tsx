import { Stack } from '@mantine/core';
import { AuthCard } from '../auth/AuthCard.tsx';
import { useComingSoon } from './ComingSoonPage.tsx';

/** A public screen (registration, password reset, plans) that a later release builds. */
export function PublicComingSoonPage() {
  const { title, notice } = useComingSoon('login', '/login');
  return (
    <AuthCard title={title}>
      <Stack gap="lg" data-testid="coming-soon">
        {notice}
      </Stack>
    </AuthCard>
  );
}
