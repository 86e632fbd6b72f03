import {
  CALL_CLOSE,
  CALL_SOCKET_PATH,
  type CallClientMessage,
  type CallLanguage,
  type CallServerMessage,
} from '@spinyard/domain';

export type SignalingState = 'connecting' | 'open' | 'reconnecting' | 'stopped';

/** Close codes after which coming back would be refused again (or fight another tab): the page says why instead. */
const FINAL = new Set<number>([CALL_CLOSE.refused, CALL_CLOSE.replaced, CALL_CLOSE.ended]);
const FIRST_RETRY_MS = 300;
const MAX_RETRY_MS = 5000;
/** A socket not open by then is given up and tried again: a connection can hang, not fail, while a network changes. */
const CONNECT_MS = 5000;

/**
 * The call's signaling socket, joined with the link's token as its first message. A dropped connection (network,
 * server restart) is opened again at once and then with back-off, and at once when the browser is back online:
 * the server takes the same link back as the same participant.
 */
export class CallSignaling {
  private socket: WebSocket | null = null;
  private retryMs = FIRST_RETRY_MS;
  private timer = 0;
  private connectTimer = 0;
  private stopped = false;

  constructor(
    private readonly token: string,
    private readonly lang: CallLanguage,
    private readonly onMessage: (message: CallServerMessage) => void,
    private readonly onState: (state: SignalingState, closeCode?: number) => void,
  ) {
    window.addEventListener('online', this.reconnectNow);
  }

  start(): void {
    this.open('connecting');
  }

  send(message: CallClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.timer);
    window.clearTimeout(this.connectTimer);
    window.removeEventListener('online', this.reconnectNow);
    this.socket?.close(1000, 'bye');
    this.onState('stopped');
  }

  private readonly reconnectNow = () => {
    if (this.stopped || this.socket?.readyState === WebSocket.OPEN) return;
    window.clearTimeout(this.timer);
    this.retryMs = FIRST_RETRY_MS;
    this.open('reconnecting');
  };

  private open(state: SignalingState): void {
    this.onState(state);
    const url = new URL(CALL_SOCKET_PATH, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    window.clearTimeout(this.connectTimer);
    // Closing a socket still connecting ends in its close event: the retry below.
    this.connectTimer = window.setTimeout(() => socket.close(), CONNECT_MS);
    socket.onopen = () => {
      window.clearTimeout(this.connectTimer);
      this.retryMs = FIRST_RETRY_MS;
      socket.send(JSON.stringify({ type: 'join', token: this.token, lang: this.lang }));
    };
    socket.onmessage = (event) => {
      try {
        this.onMessage(JSON.parse(String(event.data)) as CallServerMessage);
      } catch {
        // Not the server's: nothing to do with it.
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (FINAL.has(event.code)) {
        this.stopped = true;
        this.onState('stopped', event.code);
        return;
      }
      this.onState('reconnecting');
      this.timer = window.setTimeout(() => this.open('reconnecting'), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    };
  }
}
