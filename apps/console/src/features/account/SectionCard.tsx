import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of an account screen; the title is the card's heading (the page title is the top bar's h1). */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
