import { Worker } from 'node:worker_threads';
import type { SpeechLanguage, SpeechVoice } from '@spinyard/domain';
import { assertVoice, SPEECH_VOICES } from './in-thread.ts';
import { type SpeechAudio, SpeechBusyError, type SpeechSynthesizer } from './speech-synthesizer.ts';
import type { SpeechRequest, SpeechResponse } from './worker-protocol.ts';

export interface WorkerSynthesizerOptions {
  /** Requests in the worker at once, the running one included; one more is refused (SpeechBusyError). */
  maxPending: number;
  /**
   * The request the worker is on (the oldest) not answered by then ends the worker (a stuck engine) and fails with
   * those behind it; the next request starts another worker. Waiting behind others does not count.
   */
  timeoutMs: number;
  /** The worker ends after this long without a request, giving its memory (the dictionary) back. */
  idleMs: number;
}

export const SPEECH_WORKER_DEFAULTS: WorkerSynthesizerOptions = {
  maxPending: 8,
  // Generous: the first Japanese request loads the dictionary (about 10 s, far more on a loaded machine) first.
  timeoutMs: 120_000,
  idleMs: 10 * 60_000,
};

interface Pending {
  resolve: (audio: SpeechAudio) => void;
  reject: (error: Error) => void;
}

/**
 * Speech made in one worker thread (node:worker_threads), started on the first request and kept: the engines'
 * synchronous work (eSpeak's synthesis, kuromoji's dictionary load) never blocks the server's event loop. Requests
 * queue in the worker, bounded by `maxPending`; past it the caller gets SpeechBusyError at once.
 */
export function createWorkerSynthesizer(options: Partial<WorkerSynthesizerOptions> = {}): SpeechSynthesizer & {
  close(): Promise<void>;
  pending(): number;
} {
  const { maxPending, timeoutMs, idleMs } = { ...SPEECH_WORKER_DEFAULTS, ...options };
  let worker: Worker | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  let headTimer: NodeJS.Timeout | undefined;
  // In the order sent, which is the order the worker answers them.
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    clearTimeout(headTimer);
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(error);
    }
  }

  /** Times the request the worker is on now. */
  function armHead(): void {
    clearTimeout(headTimer);
    if (pending.size === 0) return;
    headTimer = setTimeout(() => {
      // A stuck engine: every request in it fails, and the next one starts a fresh worker.
      void stop();
      failAll(new Error(`The speech worker did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  }

  function stop(): Promise<number> | undefined {
    const stopping = worker?.terminate();
    worker = undefined;
    return stopping;
  }

  function settle(): void {
    // A worker with nothing to do keeps no process alive, and ends after a while.
    if (pending.size > 0 || !worker) return;
    worker.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stop(), idleMs);
    idleTimer.unref();
  }

  function started(): Worker {
    if (worker) return worker;
    const made = new Worker(new URL('./speech-worker-entry.mjs', import.meta.url));
    made.on('message', (answer: SpeechResponse) => {
      const p = pending.get(answer.id);
      if (!p) return;
      pending.delete(answer.id);
      armHead();
      if (answer.ok) p.resolve({ samples: answer.samples, sampleRate: answer.sampleRate });
      else p.reject(new Error(answer.message));
      settle();
    });
    // A worker that was stopped on purpose (stop) already failed its requests: the ones pending now are another's.
    made.on('error', (error) => {
      if (worker !== made) return;
      worker = undefined;
      failAll(error);
    });
    made.on('exit', (code) => {
      if (worker !== made) return;
      worker = undefined;
      failAll(new Error(`The speech worker stopped (exit code ${code})`));
    });
    worker = made;
    return made;
  }

  return {
    voices: () => SPEECH_VOICES,

    synthesize(text: string, language: SpeechLanguage, voice: SpeechVoice): Promise<SpeechAudio> {
      assertVoice(language, voice);
      if (pending.size >= maxPending) return Promise.reject(new SpeechBusyError(pending.size));
      const thread = started();
      clearTimeout(idleTimer);
      thread.ref();
      const id = nextId++;
      return new Promise<SpeechAudio>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (pending.size === 1) armHead();
        const request: SpeechRequest = { id, text, language, voice };
        thread.postMessage(request);
      });
    },

    pending: () => pending.size,

    async close() {
      clearTimeout(idleTimer);
      failAll(new Error('The speech worker was closed'));
      await stop();
    },
  };
}
