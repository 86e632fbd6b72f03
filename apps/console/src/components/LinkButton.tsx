import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A button that goes to another screen: a real link underneath (new tab, copy address), its icon before the text. */
export function LinkButton({
  to,
  icon: LeadingIcon,
  variant,
  testId,
  children,
}: {
  to: string;
  icon?: Icon;
  variant?: ButtonProps['variant'];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant={variant}
      leftSection={LeadingIcon ? <LeadingIcon size={16} aria-hidden /> : undefined}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
