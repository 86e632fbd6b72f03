import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The quiet way back to sign-in under a public form's submit button. */
export function BackToLoginLink({ children }: { children: ReactNode }) {
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      {children}
    </Anchor>
  );
}
