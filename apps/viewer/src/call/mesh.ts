import {
  type CallEndReason,
  type CallLanguage,
  type CallMediaAnswer,
  type CallParticipant,
  type CallServerMessage,
  type CallSignal,
  type CallViewState,
  callViewState,
} from '@spinyard/domain';
import { CallSignaling, type SignalingState } from './signaling.ts';

/** One other participant as the page shows them. */
export interface RemotePeer {
  info: CallParticipant;
  stream: MediaStream | null;
  connection: RTCPeerConnectionState;
}

export type CallPhase = 'joining' | 'in_call' | 'reconnecting' | 'refused' | 'ended' | 'replaced';

export interface CallSnapshot {
  phase: CallPhase;
  self: CallParticipant | null;
  peers: readonly RemotePeer[];
  controller: string | null;
  /** The meeting (the participants' API: documents, vehicles' names, notes). */
  meetingId: string | null;
  vehicles: readonly { content_id: string; short_id: string | null }[];
  refusal?: { code: string; message: string } | undefined;
  endReason?: CallEndReason | undefined;
}

interface Peer {
  info: CallParticipant;
  pc: RTCPeerConnection;
  channel: RTCDataChannel | null;
  stream: MediaStream | null;
  /** Candidates that came before the remote description. */
  pending: RTCIceCandidateInit[];
  offerer: boolean;
}

/**
 * The browsers' mesh (the MeetingMedia port's default, platform/meeting-media on the server): one
 * RTCPeerConnection to each other participant, carrying camera, microphone and one data channel for the shared
 * view's state. Whoever joins (or comes back) offers to everyone already there; the others answer. A network drop
 * is the signaling's reconnection: on joining again the page offers anew to everyone, who drop their old
 * connection to it.
 */
export class MeshCall {
  private readonly peers = new Map<string, Peer>();
  private readonly listeners = new Set<() => void>();
  private readonly viewListeners = new Set<(state: CallViewState, from: string) => void>();
  private readonly readyListeners = new Set<() => void>();
  /** Everyone the server told us of, so an offer from them has a name. */
  private readonly known = new Map<string, CallParticipant>();
  private readonly signaling: CallSignaling;
  private media: CallMediaAnswer | null = null;
  private snapshot: CallSnapshot = {
    phase: 'joining',
    self: null,
    peers: [],
    controller: null,
    meetingId: null,
    vehicles: [],
  };
  private screen: MediaStreamTrack | null = null;
  /** The camera and microphone this page sends (null: joined without them). */
  readonly localStream: MediaStream | null;

  constructor(
    /** The link's token: the signaling's join and the participants' API (meeting-api.ts) take it. */
    readonly token: string,
    lang: CallLanguage,
    private readonly local: MediaStream | null,
  ) {
    this.localStream = local;
    this.signaling = new CallSignaling(
      token,
      lang,
      (m) => void this.onMessage(m),
      (s, code) => this.onSignalingState(s, code),
    );
  }

  start(): void {
    this.signaling.start();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  /** The controller's view states, as they arrive (only the current controller's are passed on). */
  onView(listener: (state: CallViewState, from: string) => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  /** A data channel opened (someone new to show the view to): the controller sends the view again. */
  onPeerReady(listener: () => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  /** Sends the view's state to everyone (only the controller's is followed). */
  sendView(state: CallViewState): void {
    const text = JSON.stringify(state);
    for (const peer of this.peers.values()) if (peer.channel?.readyState === 'open') peer.channel.send(text);
  }

  giveControl(to: string | null): void {
    this.signaling.send({ type: 'control', to });
  }

  setMuted(muted: boolean): void {
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  setCameraOff(off: boolean): void {
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = !off;
  }

  /** Sends the screen instead of the camera on every connection (no renegotiation: the same sender). */
  async shareScreen(): Promise<boolean> {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
    const track = display.getVideoTracks()[0];
    if (!track) return false;
    this.screen = track;
    track.addEventListener('ended', () => void this.stopShare());
    await this.replaceVideo(track);
    return true;
  }

  async stopShare(): Promise<void> {
    this.screen?.stop();
    this.screen = null;
    await this.replaceVideo(this.local?.getVideoTracks()[0] ?? null);
  }

  leave(): void {
    this.signaling.send({ type: 'leave' });
    this.close();
  }

  close(): void {
    this.signaling.stop();
    for (const peer of this.peers.values()) peer.pc.close();
    this.peers.clear();
    this.screen?.stop();
    for (const track of this.local?.getTracks() ?? []) track.stop();
  }

  private async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    for (const peer of this.peers.values()) {
      const sender = peer.pc.getSenders().find((s) => s.track?.kind === 'video' || s.track === null);
      await sender?.replaceTrack(track).catch(() => undefined);
    }
  }

  private update(change: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const l of this.listeners) l();
  }

  private publishPeers(): void {
    this.update({
      peers: [...this.peers.values()].map((p) => ({
        info: p.info,
        stream: p.stream,
        connection: p.pc.connectionState,
      })),
    });
  }

  private onSignalingState(state: SignalingState, code?: number): void {
    if (state === 'reconnecting' && this.snapshot.phase === 'in_call') this.update({ phase: 'reconnecting' });
    if (state === 'stopped' && code === 4409) this.update({ phase: 'replaced' });
  }

  private async onMessage(m: CallServerMessage): Promise<void> {
    switch (m.type) {
      case 'joined':
        this.media = m.media;
        // Back after a drop: every old connection goes; the others drop theirs to us and take our new offers.
        for (const peer of this.peers.values()) peer.pc.close();
        this.peers.clear();
        this.update({
          phase: 'in_call',
          self: m.self,
          controller: m.controller,
          meetingId: m.meeting_id,
          vehicles: m.vehicles,
        });
        for (const p of m.participants) this.known.set(p.id, p);
        for (const p of m.participants) await this.offerTo(p);
        this.publishPeers();
        return;
      case 'participant_joined':
        // They offer; a connection we still had to them is stale.
        this.known.set(m.participant.id, m.participant);
        this.drop(m.participant.id);
        return;
      case 'participant_left':
        this.drop(m.id);
        return;
      case 'signal':
        await this.onSignal(m.from, m.signal);
        return;
      case 'control':
        this.update({ controller: m.controller });
        return;
      case 'refused':
        this.update({ phase: 'refused', refusal: { code: m.code, message: m.user_message } });
        return;
      case 'ended':
        this.update({ phase: 'ended', endReason: m.reason });
        this.close();
        return;
      case 'error':
        return;
    }
  }

  private drop(id: string): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    peer.pc.close();
    this.peers.delete(id);
    this.publishPeers();
  }

  private makePeer(info: CallParticipant, offerer: boolean): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.media?.ice_servers ?? [] });
    const peer: Peer = { info, pc, channel: null, stream: null, pending: [], offerer };
    if (this.local) {
      for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    } else {
      // Without a camera (refused, or none): still receives everyone's.
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    if (this.screen) void this.replaceVideo(this.screen);
    pc.onicecandidate = (e) => {
      const c = e.candidate;
      const candidate = c
        ? {
            candidate: c.candidate,
            sdpMid: c.sdpMid,
            sdpMLineIndex: c.sdpMLineIndex,
            usernameFragment: c.usernameFragment,
          }
        : null;
      this.signaling.send({ type: 'signal', to: info.id, signal: { kind: 'ice', candidate } });
    };
    pc.ontrack = (e) => {
      peer.stream = e.streams[0] ?? peer.stream ?? new MediaStream();
      if (!e.streams[0]) peer.stream.addTrack(e.track);
      this.publishPeers();
    };
    pc.onconnectionstatechange = () => {
      // A path that failed (a network change): the offerer asks for new candidates on the same connection.
      if (pc.connectionState === 'failed' && peer.offerer) void this.offer(peer, true);
      this.publishPeers();
    };
    if (offerer) this.attachChannel(peer, pc.createDataChannel('view'));
    else pc.ondatachannel = (e) => this.attachChannel(peer, e.channel);
    this.peers.set(info.id, peer);
    return peer;
  }

  private attachChannel(peer: Peer, channel: RTCDataChannel): void {
    peer.channel = channel;
    channel.onmessage = (e) => {
      if (peer.info.id !== this.snapshot.controller) return;
      let parsed: ReturnType<typeof callViewState.safeParse>;
      try {
        parsed = callViewState.safeParse(JSON.parse(String(e.data)));
      } catch {
        return;
      }
      if (parsed.success) for (const l of this.viewListeners) l(parsed.data, peer.info.id);
    };
    // A newcomer sees the view as it is now: the controller sends it again (SharedView).
    channel.onopen = () => {
      for (const l of this.readyListeners) l();
    };
  }

  private async offerTo(info: CallParticipant): Promise<void> {
    await this.offer(this.makePeer(info, true), false);
  }

  private async offer(peer: Peer, iceRestart: boolean): Promise<void> {
    const offer = await peer.pc.createOffer({ iceRestart });
    await peer.pc.setLocalDescription(offer);
    this.signaling.send({ type: 'signal', to: peer.info.id, signal: { kind: 'offer', sdp: offer.sdp ?? '' } });
  }

  private async onSignal(from: string, signal: CallSignal): Promise<void> {
    let peer = this.peers.get(from);
    if (signal.kind === 'offer') {
      // A restart of the same connection keeps it; a new offerer (they came back) gets a new one.
      if (!peer || peer.offerer || peer.pc.connectionState === 'closed') {
        peer?.pc.close();
        peer = this.makePeer(this.known.get(from) ?? { id: from, role: 'guest', display_name: '' }, false);
        this.publishPeers();
      }
      await peer.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      await this.flush(peer);
      const answer = await peer.pc.createAnswer();
      await peer.pc.setLocalDescription(answer);
      this.signaling.send({ type: 'signal', to: from, signal: { kind: 'answer', sdp: answer.sdp ?? '' } });
      return;
    }
    if (!peer) return;
    if (signal.kind === 'answer') {
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await this.flush(peer);
      return;
    }
    if (!signal.candidate) return;
    if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(signal.candidate).catch(() => undefined);
    else peer.pending.push(signal.candidate);
  }

  private async flush(peer: Peer): Promise<void> {
    for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
  }
}
