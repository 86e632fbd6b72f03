import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a form or a page: one section with its heading, an optional note and actions on the right. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  id,
  testId,
}: {
  title: string;
  description?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  testId?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      id={id}
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Card>
  );
}
