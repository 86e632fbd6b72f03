import { SOCKET_CLOSE } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { NotifyHub } from './notify-hub.ts';

/** A socket that has this much unsent data is too slow to follow: it is closed rather than buffered for ever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SocketChannelOptions<Subject> {
  /** The route's path, inside the scope it is registered in. */
  path: string;
  hub: NotifyHub;
  /** The NOTIFY channel whose messages this socket route fans out. */
  channel: string;
  /**
   * Reads the first message (the client's credentials) and answers who is on the socket; throws to refuse. Run
   * again every `recheckMs`, so a revoked token or a changed role does not keep a socket open for ever.
   */
  authenticate(firstMessage: unknown): Promise<Subject>;
  /** What this subject receives of a notification's (parsed) payload: a message to send, or null for nothing. */
  messageFor(subject: Subject, payload: unknown): object | null;
  /** Sent once authenticated. */
  readyMessage: object;
  authTimeoutMs: number;
  recheckMs?: number;
  summary: string;
  tags: string[];
}

interface Client<Subject> {
  socket: WebSocket;
  subject: Subject;
  credentials: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A WebSocket route that fans a NOTIFY channel out to authenticated sockets, each receiving only what
 * `messageFor` lets its subject see. The socket authenticates with its first message, not with the URL, so no
 * credential ends up in access logs. One hub subscription serves every socket of the route.
 */
export async function registerSocketChannel<Subject>(
  scope: FastifyInstance,
  options: SocketChannelOptions<Subject>,
): Promise<void> {
  const clients = new Set<Client<Subject>>();

  const unsubscribe = options.hub.subscribe(options.channel, (text) => {
    const payload = parse(text);
    if (payload === undefined) return;
    for (const client of clients) {
      const message = options.messageFor(client.subject, payload);
      if (message === null) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.socket.close(SOCKET_CLOSE.goingAway, 'too slow');
        continue;
      }
      client.socket.send(JSON.stringify(message));
    }
  });

  const recheck =
    options.recheckMs === undefined
      ? undefined
      : setInterval(() => {
          for (const client of clients) {
            options.authenticate(client.credentials).then(
              (subject) => {
                client.subject = subject;
              },
              () => client.socket.close(SOCKET_CLOSE.notAuthenticated, 'not authenticated'),
            );
          }
        }, options.recheckMs);
  recheck?.unref();

  scope.addHook('onClose', async () => {
    unsubscribe();
    if (recheck) clearInterval(recheck);
    for (const client of clients) client.socket.close(SOCKET_CLOSE.goingAway, 'server closing');
    clients.clear();
  });

  scope.get(
    options.path,
    { websocket: true, schema: { summary: options.summary, tags: options.tags } },
    (socket: WebSocket) => {
      let client: Client<Subject> | undefined;
      let authenticating = false;
      const timeout = setTimeout(
        () => socket.close(SOCKET_CLOSE.notAuthenticated, 'not authenticated'),
        options.authTimeoutMs,
      );
      socket.on('message', (data) => {
        // Nothing is read after the credentials: the socket only listens.
        if (client || authenticating) return;
        authenticating = true;
        clearTimeout(timeout);
        const credentials = parse(String(data));
        options.authenticate(credentials).then(
          (subject) => {
            if (socket.readyState !== socket.OPEN) return;
            client = { socket, subject, credentials };
            clients.add(client);
            socket.send(JSON.stringify(options.readyMessage));
          },
          () => socket.close(SOCKET_CLOSE.notAuthenticated, 'not authenticated'),
        );
      });
      socket.on('close', () => {
        clearTimeout(timeout);
        if (client) clients.delete(client);
      });
    },
  );
}
