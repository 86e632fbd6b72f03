import { describeErrorResponse } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/apiError.ts';
import { i18n } from '../../i18n/i18n.ts';
import { meetingErrorsOf } from './meetingFormText.ts';

/** A refusal as the client reads one: the status, the code and the refused fields. */
function refused(status: number, code: string, fields: { field: string; rule: string; message: string }[]): ApiError {
  const body = { error: { code, user_message: 'x', fields } };
  return new ApiError(status, body, describeErrorResponse(status, body));
}

describe("the meeting form's refusals", () => {
  beforeAll(() => i18n.changeLanguage('ja'));

  it('puts each refused field of a save beside its input in Japanese, the start beside the time', () => {
    const dup = refused(422, 'validation_failed', [
      { field: 'invitees.1.phone', rule: 'no_duplicates', message: 'x' },
      { field: 'duration_minutes', rule: 'range', message: 'x' },
    ]);
    expect(meetingErrorsOf(dup)).toEqual({
      fields: {
        'invitees.1.phone': '電話番号に、すでに入力された値と同じものがあります。',
        duration_minutes: '所要時間が入力できる範囲外です。',
      },
    });
    const past = refused(422, 'web_negotiation_in_past', [{ field: 'starts_at', rule: 'not_in_past', message: 'x' }]);
    expect(meetingErrorsOf(past).fields.time).toBe('商談の日時に過去の日時は指定できません。');
    const over = refused(409, 'web_negotiation_over_limit', [{ field: 'starts_at', rule: 'range', message: 'x' }]);
    expect(meetingErrorsOf(over).fields.time).toBe('この期間に実施できるWeb商談の回数を超えています。');
  });
});
