import type { ExteriorAnswer } from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { findInterruptedUploads, forgetInterrupted, type InterruptedUpload } from './uploadStore.ts';

/**
 * Uploads the browser kept from an earlier page (a reload, a closed tab): offered again while the server waits,
 * read again whenever the server's uploads or this page's (`localCount`) change.
 */
export function useInterruptedUploads(
  contentId: string,
  uploads: ExteriorAnswer['uploads'],
  localCount: number,
): InterruptedUpload[] {
  const [interrupted, setInterrupted] = useState<InterruptedUpload[]>([]);
  const serverIds = uploads.map((u) => `${u.id}:${u.status}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the server's or this page's uploads change
  useEffect(() => {
    let live = true;
    const waiting = new Set(uploads.filter((u) => u.status === 'requested').map((u) => u.id));
    void findInterruptedUploads(contentId).then((found) => {
      if (!live) return;
      // An address the server no longer waits on (finished, refused, expired) is forgotten; a minute's grace
      // covers an upload another tab has just created.
      const stale = found.filter(
        (f) => !(f.serverId && waiting.has(f.serverId)) && Date.now() - Date.parse(f.createdAt) > 60_000,
      );
      for (const f of stale) void forgetInterrupted(f);
      setInterrupted(found.filter((f) => !stale.includes(f)));
    });
    return () => {
      live = false;
    };
  }, [contentId, serverIds, localCount]);

  return interrupted;
}
