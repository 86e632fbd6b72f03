import { useEffect, useState } from 'react';
import { documentBlob, type MeetingDocument } from './meeting-api.ts';
import type { MeshCall } from './mesh.ts';
import type { CallTranslate } from './words.ts';

/** A file's size as people read it. */
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The file of a document, fetched with this participant's own link, as an address only this page can open. */
function useDocumentUrl(call: MeshCall, meetingId: string, doc: MeetingDocument | null) {
  const [url, setUrl] = useState<{ id: string; href: string } | 'failed' | null>(null);
  useEffect(() => {
    if (!doc) {
      setUrl(null);
      return;
    }
    let href = '';
    let live = true;
    documentBlob(call.token, meetingId, doc).then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setUrl({ id: doc.id, href });
      },
      () => live && setUrl('failed'),
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [call, meetingId, doc]);
  return url;
}

/** The document the controller shows, on every participant's screen: a picture, or the browser's PDF reader. */
function DocumentShown({
  call,
  meetingId,
  doc,
  t,
}: {
  call: MeshCall;
  meetingId: string;
  doc: MeetingDocument;
  t: CallTranslate;
}) {
  const url = useDocumentUrl(call, meetingId, doc);
  if (url === 'failed') return <p role="alert">{t('document_failed')}</p>;
  return (
    <figure className="call-document-shown" data-document={doc.id}>
      {url?.id === doc.id &&
        (doc.content_type.startsWith('image/') ? (
          <img src={url.href} alt={doc.file_name} />
        ) : (
          <iframe src={url.href} title={doc.file_name} />
        ))}
      <figcaption>{t('document_shown', { name: doc.file_name })}</figcaption>
    </figure>
  );
}

/**
 * The meeting's documents in the call: each downloadable by every participant (with their own link's token: the
 * server refuses anyone else), and the one the controller of the view shows, shown to all.
 */
export function Documents(props: {
  call: MeshCall;
  meetingId: string | null;
  documents: readonly MeetingDocument[];
  shown: string | null;
  /** Absent for who follows the view: only its controller shows a document to everyone. */
  onShow?: ((doc: string | null) => void) | undefined;
  t: CallTranslate;
}) {
  const { call, meetingId, documents, shown, onShow, t } = props;
  const [failed, setFailed] = useState(false);
  if (!meetingId || documents.length === 0) return null;
  const shownDoc = documents.find((d) => d.id === shown) ?? null;

  const download = async (doc: MeetingDocument) => {
    setFailed(false);
    try {
      const href = URL.createObjectURL(await documentBlob(call.token, meetingId, doc));
      const a = document.createElement('a');
      a.href = href;
      a.download = doc.file_name;
      document.body.append(a);
      a.click();
      a.remove();
      // Let go once the browser has surely read it (a download starts from the address, not at the click).
      window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch {
      setFailed(true);
    }
  };

  return (
    <section className="call-documents" aria-labelledby="call-documents-title">
      <h3 id="call-documents-title">{t('documents')}</h3>
      <ul>
        {documents.map((d) => (
          <li key={d.id}>
            <span className="call-document-name">
              {d.file_name} <small>({sizeOf(d.bytes)})</small>
            </span>
            <button type="button" onClick={() => void download(d)}>
              {t('download')}
              <span className="visually-hidden"> {d.file_name}</span>
            </button>
            {onShow && (
              <button type="button" aria-pressed={shown === d.id} onClick={() => onShow(shown === d.id ? null : d.id)}>
                {t('show_document')}
                <span className="visually-hidden"> {d.file_name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {failed && <p role="alert">{t('document_failed')}</p>}
      {shownDoc && <DocumentShown call={call} meetingId={meetingId} doc={shownDoc} t={t} />}
    </section>
  );
}
