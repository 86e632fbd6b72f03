import { type CallLanguage, callRefusalMessage, isCallRefusal } from '@spinyard/domain';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useMeetingInfo } from './meeting-api.ts';
import { type CallSnapshot, MeshCall, type RemotePeer } from './mesh.ts';
import { NotesPanel } from './NotesPanel.tsx';
import { SharedView } from './SharedView.tsx';
import type { CallTranslate } from './words.ts';

type Start = 'asking' | 'refused' | 'missing' | 'ready';

/** 640x360 at up to 20 frames: a mesh of 4 sends three copies and decodes three, within a core (issue 21). */
const CAMERA: MediaStreamConstraints = {
  audio: true,
  video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 20, max: 24 } },
};

/** One participant's video, its sound played unless it is our own. */
function Tile({ stream, name, self, id }: { stream: MediaStream | null; name: string; self: boolean; id: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <figure className="call-tile" data-participant={id} data-self={self ? 'true' : 'false'}>
      <video ref={ref} autoPlay playsInline muted={self} aria-label={name} />
      <figcaption>{name}</figcaption>
    </figure>
  );
}

/** A page of its own for the moments the call cannot go on: refused, ended, replaced, camera blocked. */
function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <main className="call-notice">
      <h1>{title}</h1>
      <p role="alert">{text}</p>
      {children}
    </main>
  );
}

function InCall({ call, t, lang }: { call: MeshCall; t: CallTranslate; lang: CallLanguage }) {
  const snapshot: CallSnapshot = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [sharing, setSharing] = useState(false);
  const self = snapshot.self;
  const isHost = self?.role === 'host';
  const info = useMeetingInfo(call.token, snapshot.meetingId);

  if (snapshot.phase === 'refused') {
    const code = snapshot.refusal?.code ?? 'link_invalid';
    const text = isCallRefusal(code) ? callRefusalMessage(code, lang) : (snapshot.refusal?.message ?? '');
    return <Notice title={t('title')} text={text} />;
  }
  if (snapshot.phase === 'ended') {
    return (
      <Notice title={t('title')} text={t(snapshot.endReason === 'time_up' ? 'ended_time_up' : 'ended_host_left')} />
    );
  }
  if (snapshot.phase === 'replaced') return <Notice title={t('title')} text={t('replaced')} />;

  const name = (p: RemotePeer) =>
    p.info.role === 'host' ? `${p.info.display_name} (${t('host')})` : p.info.display_name;
  return (
    <main className="call" data-phase={snapshot.phase}>
      <header className="call-head">
        <h1>{t('title')}</h1>
        <p role="status" className="call-status">
          {snapshot.phase === 'joining' && t('joining')}
          {snapshot.phase === 'reconnecting' && t('reconnecting')}
          {snapshot.phase === 'in_call' && snapshot.peers.length === 0 && t('waiting_others')}
        </p>
      </header>
      <div className="call-body">
        {self && <SharedView call={call} snapshot={snapshot} info={info} t={t} />}
        <section className="call-tiles" aria-label={t('participants')}>
          <Tile stream={call.localStream} name={t('you')} self id={self?.id ?? 'self'} />
          {snapshot.peers.map((p) => (
            <Tile key={p.info.id} stream={p.stream} name={name(p)} self={false} id={p.info.id} />
          ))}
        </section>
      </div>
      {isHost && snapshot.meetingId && <NotesPanel call={call} meetingId={snapshot.meetingId} t={t} />}
      <div className="call-controls" role="toolbar" aria-label={t('controls')}>
        <button
          type="button"
          aria-pressed={muted}
          onClick={() => {
            call.setMuted(!muted);
            setMuted(!muted);
          }}
        >
          {muted ? t('unmute') : t('mute')}
        </button>
        <button
          type="button"
          aria-pressed={cameraOff}
          disabled={!call.localStream}
          onClick={() => {
            call.setCameraOff(!cameraOff);
            setCameraOff(!cameraOff);
          }}
        >
          {cameraOff ? t('camera_on') : t('camera_off')}
        </button>
        {'getDisplayMedia' in (navigator.mediaDevices ?? {}) && (
          <button
            type="button"
            aria-pressed={sharing}
            disabled={!call.localStream}
            onClick={() => {
              if (sharing) void call.stopShare().then(() => setSharing(false));
              else void call.shareScreen().then(setSharing, () => setSharing(false));
            }}
          >
            {sharing ? t('stop_share') : t('share_screen')}
          </button>
        )}
        {isHost && self && (
          <label className="call-control-select">
            {t('give_control')}
            <select value={snapshot.controller ?? self.id} onChange={(e) => call.giveControl(e.currentTarget.value)}>
              <option value={self.id}>{t('you')}</option>
              {snapshot.peers.map((p) => (
                <option key={p.info.id} value={p.info.id}>
                  {p.info.display_name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="call-leave" onClick={() => call.leave()}>
          {isHost ? t('leave_host') : t('leave')}
        </button>
      </div>
    </main>
  );
}

/**
 * The call page: asks for the camera and microphone (a clear page when the browser refuses them, with a way in
 * without them), then joins the meeting of the link's token and shows the shared view beside everyone's video.
 */
export function CallApp({ token, lang, t }: { token: string; lang: CallLanguage; t: CallTranslate }) {
  const [start, setStart] = useState<Start>('asking');
  const [local, setLocal] = useState<MediaStream | null>(null);
  const ask = useCallback(async () => {
    setStart('asking');
    try {
      setLocal(await navigator.mediaDevices.getUserMedia(CAMERA));
      setStart('ready');
    } catch (error) {
      const name = (error as { name?: string }).name;
      setStart(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'missing');
    }
  }, []);
  useEffect(() => {
    void ask();
  }, [ask]);

  const call = useMemo(
    () => (start === 'ready' ? new MeshCall(token, lang, local) : null),
    [start, token, lang, local],
  );
  useEffect(() => {
    if (!call) return;
    call.start();
    const bye = () => call.close();
    window.addEventListener('pagehide', bye);
    return () => {
      window.removeEventListener('pagehide', bye);
      call.close();
    };
  }, [call]);

  if (start === 'refused' || start === 'missing') {
    return (
      <Notice
        title={t('camera_refused_title')}
        text={t(start === 'refused' ? 'camera_refused_text' : 'camera_missing_text')}
      >
        <div className="call-notice-actions">
          <button type="button" onClick={() => void ask()}>
            {t('try_again')}
          </button>
          <button
            type="button"
            onClick={() => {
              setLocal(null);
              setStart('ready');
            }}
          >
            {t('join_without_camera')}
          </button>
        </div>
      </Notice>
    );
  }
  if (!call) {
    return (
      <main className="call-notice">
        <h1>{t('title')}</h1>
        <p role="status">{t('joining')}</p>
      </main>
    );
  }
  return <InCall call={call} t={t} lang={lang} />;
}
