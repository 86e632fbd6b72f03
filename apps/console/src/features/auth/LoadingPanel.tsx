import { Center, Loader, Stack, Text } from '@mantine/core';

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
