import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { sessionStore } from '../../lib/session-store.ts';

// The browser library, the schemas and the messages load on the first press, not with Login (decision 108).
const loadPasskeyApi = () => import('./passkey-api.ts');
const loadMessages = () => import('../../lib/passkey-error.ts');
type PasskeyApi = Awaited<ReturnType<typeof loadPasskeyApi>>;

/**
 * A sign-in with a passkey (decision 209): on Login alone, or at the second step after the password. The browser's
 * dialog does the rest; a refusal or a closed dialog shows above the button, a token signs in.
 */
export function PasskeyButton({
  label,
  start,
  testId,
}: {
  label: string;
  start: (api: PasskeyApi) => Promise<{ token: string }>;
  testId: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async () => start(await loadPasskeyApi()),
    onSuccess: ({ token }) => sessionStore.signIn(token),
    onError: async (failure) => setError((await loadMessages()).passkeyErrorMessage(failure)),
  });
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Alert>
      )}
      <Button
        variant="default"
        size="md"
        leftSection={<IconFingerprint size={18} aria-hidden="true" />}
        loading={mutation.isPending}
        // A long label ("Entrar com uma chave de acesso") wraps on a phone instead of being cut.
        h="auto"
        mih={42}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        onClick={() => {
          setError(null);
          mutation.mutate();
        }}
        data-testid={testId}
      >
        {label}
      </Button>
    </Stack>
  );
}
