import { parentPort } from 'node:worker_threads';
import { createInThreadSynthesizer } from './in-thread.ts';
import type { SpeechRequest, SpeechResponse } from './worker-protocol.ts';

// The speech worker's thread: the engines load here once (kuromoji's dictionary on the first Japanese text) and
// serve one request at a time, in order (eSpeak is not re-entrant; espeak.ts queues them).
const port = parentPort;
if (!port) throw new Error('speech-worker.ts runs as a worker thread');
const engines = createInThreadSynthesizer();

port.on('message', (request: SpeechRequest) => {
  engines.synthesize(request.text, request.language, request.voice).then(
    (audio) => {
      const answer: SpeechResponse = { id: request.id, ok: true, samples: audio.samples, sampleRate: audio.sampleRate };
      // The samples move to the server's thread without a copy.
      port.postMessage(answer, [audio.samples.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const answer: SpeechResponse = { id: request.id, ok: false, message: String((error as Error)?.message ?? error) };
      port.postMessage(answer);
    },
  );
});
