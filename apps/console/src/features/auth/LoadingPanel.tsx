import { Center, Loader, Stack, Text } from '@mantine/core';
import { AuthCard } from './AuthCard.tsx';

/** While a mailed link is checked: a spinner and what is happening, announced politely. */
export function LoadingPanel({ message }: { message: string }) {
  return (
    <Center py="lg">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status" c="gray.7">
          {message}
        </Text>
      </Stack>
    </Center>
  );
}

/** A public screen while its mailed link is checked: the screen's card with the panel above. */
export function CheckingLinkCard({ title, message }: { title: string; message: string }) {
  return (
    <AuthCard title={title}>
      <LoadingPanel message={message} />
    </AuthCard>
  );
}
