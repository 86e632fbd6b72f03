// The speech worker's entry. The server's source is TypeScript run through tsx, whose loader Node 20 does not carry
// into worker threads: registered here, in the worker, before its TypeScript is imported (under `node --import tsx`,
// under vitest and in the built server alike).
import { register } from 'tsx/esm/api';

register();
await import('./speech-worker.ts');
