import {
  type ContentAnswer,
  type ContentListItem,
  type PageOf,
  PROCESS_SOCKET_PATH,
  type ProcessAnswer,
  type ProcessMessage,
  SOCKET_CLOSE,
  socketServerMessage,
} from '@spinyard/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contentKeys } from './contents.ts';
import { tokens } from './tokens.ts';

/**
 * Live progress of the background processes on vehicles: one WebSocket per tab (the server fans the changes out
 * through PostgreSQL LISTEN/NOTIFY), opened while a screen that shows vehicles is on, reconnecting with backoff.
 * Each process message is written into the cached list pages and the vehicle's detail, so the progress moves
 * without a reload; a process that ends makes the vehicle reads stale (a transfer changes the owner, a failure
 * releases the locks).
 */

/** The vehicle with the process put in place of its previous state (or added, when it is new). */
export function withProcess<T extends { id: string; processes: ProcessAnswer[] }>(item: T, process: ProcessAnswer): T {
  const known = item.processes.some((p) => p.id === process.id);
  const processes = known
    ? item.processes.map((p) => (p.id === process.id ? process : p))
    : [...item.processes, process];
  return { ...item, processes };
}

const ended = (p: ProcessAnswer) => p.status === 'succeeded' || p.status === 'failed';

/** Writes one process message into every cached read of its vehicle; answers whether any held it. */
export function applyProcessMessage(client: QueryClient, message: ProcessMessage): boolean {
  let seen = false;
  client.setQueriesData<PageOf<ContentListItem>>({ queryKey: contentKeys.lists }, (page) => {
    if (!page?.items.some((c) => c.id === message.content_id)) return page;
    seen = true;
    return {
      ...page,
      items: page.items.map((c) => (c.id === message.content_id ? withProcess(c, message.process) : c)),
    };
  });
  client.setQueryData<ContentAnswer>(contentKeys.detail(message.content_id), (content) => {
    if (!content) return content;
    seen = true;
    return withProcess(content, message.process);
  });
  if (seen && ended(message.process)) void client.invalidateQueries({ queryKey: contentKeys.all });
  return seen;
}

const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/** The wait before reconnect attempt `n` (from 0): doubling from 1 s up to 30 s, with jitter so tabs spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${PROCESS_SOCKET_PATH}`;
}

/** The tab's one socket, shared by every mounted screen that shows vehicles. */
const live = {
  socket: null as WebSocket | null,
  users: 0,
  attempt: 0,
  timer: undefined as number | undefined,
  client: null as QueryClient | null,
};

function open(): void {
  const token = tokens.content();
  if (live.users === 0 || live.socket || !token || !live.client) return;
  const client = live.client;
  const socket = new WebSocket(socketUrl());
  live.socket = socket;
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
  socket.addEventListener('message', (event) => {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const message = socketServerMessage.safeParse(data);
    if (!message.success) return;
    if (message.data.type === 'ready') {
      // Changes made while the socket was down are not replayed: read the vehicles again after a reconnect.
      if (live.attempt > 0) void client.invalidateQueries({ queryKey: contentKeys.all });
      live.attempt = 0;
      return;
    }
    applyProcessMessage(client, message.data);
  });
  socket.addEventListener('close', (event) => {
    if (live.socket === socket) live.socket = null;
    // A refused token is not retried: the session has ended (the client's 401 handling signs the user out).
    if (live.users === 0 || event.code === SOCKET_CLOSE.notAuthenticated) return;
    const wait = backoffMs(live.attempt);
    live.attempt += 1;
    live.timer = window.setTimeout(open, wait);
  });
}

function close(): void {
  window.clearTimeout(live.timer);
  live.timer = undefined;
  live.attempt = 0;
  const socket = live.socket;
  live.socket = null;
  socket?.close(1000);
}

/** Keeps the tab's progress socket open while the calling screen is mounted (logging out unmounts it). */
export function useContentProgress(): void {
  const client = useQueryClient();
  useEffect(() => {
    live.client = client;
    live.users += 1;
    open();
    return () => {
      live.users -= 1;
      if (live.users === 0) close();
    };
  }, [client]);
}
