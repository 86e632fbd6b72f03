import { Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { LinkButton } from './LinkButton.tsx';

/** What an edit screen shows in place of its form when the record it names cannot be read: why, and the way back. */
export function RecordMissing({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <Stack align="center" gap="md" py="xl">
      <Text>{message}</Text>
      <LinkButton to={back.to} variant="light" icon={IconArrowLeft}>
        {back.label}
      </LinkButton>
    </Stack>
  );
}
