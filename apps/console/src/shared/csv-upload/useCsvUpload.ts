import { useState } from 'react';

/** What a CSV upload ended in; a refusal says whether the browser's own check or the server refused the file. */
export type CsvOutcome = { kind: 'refused'; source: 'browser' | 'server' } | { kind: string };

function refusedInBrowser(outcome: CsvOutcome | null): boolean {
  return outcome !== null && outcome.kind === 'refused' && 'source' in outcome && outcome.source === 'browser';
}

/**
 * A CSV upload page's state: the chosen file, checked in the browser as soon as it is chosen (`precheck`, no
 * server data), then sent (`upload`); a server refusal becomes an outcome through `refused`, or is left to the
 * client's own message when it gives none. A file the browser refused is not sent (`blocked`).
 */
export function useCsvUpload<Outcome extends CsvOutcome>({
  precheck,
  upload,
  refused,
}: {
  precheck: (bytes: Uint8Array) => Outcome | null;
  upload: (file: File) => Promise<Outcome>;
  refused: (error: unknown) => Outcome | null;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setOutcome(null);
    if (chosen) setOutcome(precheck(new Uint8Array(await chosen.arrayBuffer())));
  };

  const send = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setOutcome(await upload(file));
    } catch (error) {
      const refusal = refused(error);
      if (refusal) setOutcome(refusal);
    } finally {
      setBusy(false);
    }
  };

  return { file, outcome, busy, blocked: refusedInBrowser(outcome), choose, send };
}
