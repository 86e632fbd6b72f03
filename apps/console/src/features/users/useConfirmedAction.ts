import { useState } from 'react';

/**
 * An action that waits for the user's confirmation (`pending`), then runs: busy meanwhile, closed once done, or
 * kept open with the server's refusal in words (`refusalText`; null leaves the telling to the client).
 */
export function useConfirmedAction<A>(refusalText: (error: unknown) => string | null) {
  const [pending, setPending] = useState<A | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setPending(null);
    setRefusal(null);
  };

  const run = async (perform: (action: A) => Promise<void>) => {
    if (pending === null) return;
    setBusy(true);
    setRefusal(null);
    try {
      await perform(pending);
      setPending(null);
    } catch (error) {
      const text = refusalText(error);
      if (text) setRefusal(text);
    } finally {
      setBusy(false);
    }
  };

  return { pending, setPending, busy, refusal, close, run };
}
