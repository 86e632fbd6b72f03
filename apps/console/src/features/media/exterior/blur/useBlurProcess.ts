import type { ProcessAnswer } from '@spinyard/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContent } from '../../../../api/contentDetail.ts';
import { useContentProgress } from '../../../../api/contentProgress.ts';
import { blurRunning } from '../../../../api/exteriorBlur.ts';
import { notifySuccess } from '../../../../api/notify.ts';

/**
 * The blur process the editor shows: the one it `started`, else one already running when it opened
 * (`lastProcess`); told once when it succeeds.
 */
export function useBlurProcess(contentId: string, lastProcess: ProcessAnswer | null, started: ProcessAnswer | null) {
  const { t } = useTranslation();
  // Progress: the live socket's messages (written into the vehicle's cached read), the polled blur answer, and the
  // apply's own answer; an ended one wins, else the furthest along. A blur already running when the editor opens
  // is shown too.
  useContentProgress();
  const content = useContent(contentId);
  const processId = started?.id ?? (blurRunning(lastProcess) ? (lastProcess?.id ?? null) : null);
  const candidates = [
    lastProcess?.id === processId ? lastProcess : null,
    content.data?.processes.find((p) => p.id === processId) ?? null,
    started,
  ].filter((p): p is ProcessAnswer => p !== null && p.id === processId);
  // Once a source has said the process ended, that stands: a slower source (the apply answer, a poll in flight)
  // may still say it is queued, and the line must not go back to 0 %.
  const endedNow = candidates.find((p) => !blurRunning(p));
  const [ended, setEnded] = useState<ProcessAnswer | null>(null);
  useEffect(() => {
    if (endedNow && (endedNow.id !== ended?.id || endedNow.status !== ended.status)) setEnded(endedNow);
  }, [endedNow, ended]);
  const shownProcess =
    (ended?.id === processId ? ended : undefined) ??
    endedNow ??
    [...candidates].sort((x, y) => y.progress - x.progress)[0];
  const running = blurRunning(shownProcess);
  const endedStatus = shownProcess && !running ? shownProcess.status : null;

  // Said once per process, however its sources (socket, poll) come and go.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (endedStatus !== 'succeeded' || !processId || told.current === processId) return;
    told.current = processId;
    notifySuccess(t('exteriorBlur.apply.done'));
  }, [endedStatus, processId, t]);

  return { shownProcess, running };
}
