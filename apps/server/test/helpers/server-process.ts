import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/spinyard.mjs');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** A signal to the process's whole group, as a process manager or a terminal's Ctrl-C sends it. */
  signalGroup(signal: NodeJS.Signals): void;
  /** Resolves as soon as the output holds this text (at once when it already does). */
  printed(text: string): Promise<void>;
}

/**
 * `spinyard <command>` as its own process, leader of its own process group, on the given database (no embedded
 * PostgreSQL) and a free port; resolves once it is listening (serve) or running (worker).
 */
export async function startServerProcess(options: {
  command: 'serve' | 'worker';
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, options.command], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: options.databaseUrl,
      SPINYARD_DATA_DIR: options.dataDir,
      SPINYARD_ADMIN_EMAIL: 'owner@example.test',
      SPINYARD_ADMIN_PASSWORD: 'owner-password-1',
      PORT: '0',
      ...options.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const waiting = new Set<() => void>();
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      for (const check of [...waiting]) check();
      const listening = /Spinyard listening on http:\/\/localhost:(\d+)/.exec(log);
      if (listening) resolve(Number(listening[1]));
      else if (log.includes('Spinyard workers running')) resolve(0);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`spinyard ${options.command} exited (${code}) before it was up:\n${log}`)),
    );
  });
  const port = await ready;
  return {
    child,
    port,
    output: () => log,
    exited,
    signalGroup(signal) {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    },
    printed: (text) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!log.includes(text)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
}
