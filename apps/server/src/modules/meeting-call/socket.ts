import {
  CALL_CLOSE,
  CALL_JOIN_SECONDS,
  CALL_SOCKET_PATH,
  type CallLanguage,
  callJoinMessage,
  callRefusalMessage,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { CallPeer, CallRooms, CallSession } from './rooms.ts';

/** A socket this far behind is not following the call: it is closed (it reconnects) rather than buffered for ever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The language a first message asks for, even when the rest of it is wrong (its refusal is in that language). */
function languageOf(message: unknown): CallLanguage {
  const lang = (message as { lang?: unknown } | null)?.lang;
  return lang === 'ja' || lang === 'fr' || lang === 'pt' ? lang : 'en';
}

function peerOf(socket: WebSocket): CallPeer {
  return {
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.close(CALL_CLOSE.goingAway, 'too slow');
        return;
      }
      socket.send(JSON.stringify(message));
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    },
  };
}

/**
 * `GET /api/meeting-call/ws`: the call's signaling. The first message joins with the link's token (never in the
 * URL, so no access log holds it); then the socket relays offers, answers and ICE candidates between the room's
 * participants. A bad message is answered with an error and changes nothing; the socket stays open.
 */
export function registerCallSocket(scope: FastifyInstance, rooms: CallRooms): void {
  scope.addHook('onClose', async () => rooms.closeAll());
  scope.get(
    CALL_SOCKET_PATH,
    {
      websocket: true,
      schema: {
        summary:
          "A web negotiation's call: signaling between its 2 to 4 participants (first message: join with the link's token)",
        tags: ['web-negotiation'],
      },
    },
    (socket: WebSocket) => {
      const peer = peerOf(socket);
      let session: CallSession | null = null;
      let joining = false;
      let closed = false;
      const timeout = setTimeout(() => peer.close(CALL_CLOSE.refused, 'no join'), CALL_JOIN_SECONDS * 1000);
      socket.on('message', (data) => {
        const message = parse(String(data));
        if (session) {
          session.receive(message);
          return;
        }
        const lang = languageOf(message);
        const join = joining ? undefined : callJoinMessage.safeParse(message);
        if (!join?.success) {
          const issue = join?.error.issues[0];
          peer.send({
            type: 'error',
            code: 'join_first',
            user_message: callRefusalMessage('join_first', lang),
            field: issue?.path.join('.') || 'type',
            rule: issue?.code ?? 'joining',
          });
          return;
        }
        joining = true;
        clearTimeout(timeout);
        rooms.join(peer, join.data.token, join.data.lang ?? lang).then(
          (joined) => {
            joining = false;
            session = joined;
            // Closed while the link was checked: it leaves at once, as a drop.
            if (closed) session?.dropped();
          },
          () => {
            joining = false;
            peer.close(CALL_CLOSE.goingAway, 'try again');
          },
        );
      });
      socket.on('close', () => {
        closed = true;
        clearTimeout(timeout);
        session?.dropped();
      });
    },
  );
}
