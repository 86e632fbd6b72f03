import { useState } from 'react';

/**
 * A download a button starts: `busy` while it runs, `start` for the button's click. A refusal needs nothing here:
 * the API client has shown the catalogue's message.
 */
export function useDownload(download: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    download()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return { busy, start };
}
