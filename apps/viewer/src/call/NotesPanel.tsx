import {
  EVALUATION_INTERESTS,
  EVALUATION_SCORES,
  type Evaluation,
  WEB_NEGOTIATION_MEMO_MAX,
  webNegotiationNotesBody,
} from '@spinyard/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { MeetingApiError, readNotes, saveNotes } from './meeting-api.ts';
import type { MeshCall } from './mesh.ts';
import type { CallTranslate, CallWord } from './words.ts';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; text: string };

const INTEREST_WORDS: Record<(typeof EVALUATION_INTERESTS)[number], CallWord> = {
  high: 'interest_high',
  medium: 'interest_medium',
  low: 'interest_low',
  none: 'interest_none',
};

/** A refused field of the notes, named by its label in the page's language. */
const FIELD_WORDS: Record<string, CallWord> = {
  memo: 'memo',
  'evaluation.score': 'score',
  'evaluation.interest': 'interest',
  'evaluation.next_action': 'next_action',
  'evaluation.comment': 'comment',
};

/** One choice of the sheet, "not set" first (an empty value). */
function Choice(props: {
  label: string;
  name: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  unset: string;
  onChange(value: string): void;
}) {
  return (
    <label>
      {props.label}
      <select name={props.name} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">{props.unset}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The host's memo and evaluation sheet, written during the call and saved on the meeting (the meetings' own
 * service behind the participants' API; a guest's link is refused there, and the panel is only the host's here).
 * The form is checked with the domain's schema before it leaves; a refusal names the field in the page's language.
 */
export function NotesPanel({ call, meetingId, t }: { call: MeshCall; meetingId: string; t: CallTranslate }) {
  const [memo, setMemo] = useState('');
  const [evaluation, setEvaluation] = useState<Evaluation>({
    score: null,
    interest: null,
    next_action: '',
    comment: '',
  });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  useEffect(() => {
    let live = true;
    readNotes(call.token, meetingId).then(
      (n) => {
        if (!live) return;
        setMemo(n.memo);
        setEvaluation(n.evaluation);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [call, meetingId]);

  const refused = (field: string | undefined) => {
    const word = field === undefined ? undefined : FIELD_WORDS[field];
    return word ? t('notes_invalid', { field: t(word) }) : t('notes_failed');
  };
  const edit = (next: Partial<Evaluation>) => setEvaluation((e) => ({ ...e, ...next }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = webNegotiationNotesBody.safeParse({ memo, evaluation });
    if (!parsed.success) {
      setStatus({ kind: 'failed', text: refused(parsed.error.issues[0]?.path.join('.')) });
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      await saveNotes(call.token, meetingId, parsed.data);
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({
        kind: 'failed',
        text: refused(error instanceof MeetingApiError ? error.fields[0]?.field : undefined),
      });
    }
  };

  return (
    <details className="call-notes">
      <summary>{t('notes')}</summary>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          {t('memo')}
          <textarea
            name="memo"
            rows={4}
            maxLength={WEB_NEGOTIATION_MEMO_MAX}
            value={memo}
            onInput={(e) => setMemo(e.currentTarget.value)}
          />
        </label>
        <Choice
          label={t('score')}
          name="score"
          value={evaluation.score === null ? '' : String(evaluation.score)}
          options={EVALUATION_SCORES.map((n) => [String(n), String(n)])}
          unset={t('not_set')}
          onChange={(v) => edit({ score: v === '' ? null : (Number(v) as Evaluation['score']) })}
        />
        <Choice
          label={t('interest')}
          name="interest"
          value={evaluation.interest ?? ''}
          options={EVALUATION_INTERESTS.map((i) => [i, t(INTEREST_WORDS[i])])}
          unset={t('not_set')}
          onChange={(v) => edit({ interest: v === '' ? null : (v as Evaluation['interest']) })}
        />
        <label>
          {t('next_action')}
          <input
            name="next_action"
            maxLength={500}
            value={evaluation.next_action}
            onInput={(e) => edit({ next_action: e.currentTarget.value })}
          />
        </label>
        <label>
          {t('comment')}
          <textarea
            name="comment"
            rows={3}
            maxLength={2000}
            value={evaluation.comment}
            onInput={(e) => edit({ comment: e.currentTarget.value })}
          />
        </label>
        <button type="submit" disabled={status.kind === 'saving'}>
          {t('save_notes')}
        </button>
        <p role="status" className="call-notes-status">
          {status.kind === 'saved' && t('notes_saved')}
          {status.kind === 'failed' && status.text}
        </p>
      </form>
    </details>
  );
}
