import { errorBody } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { apiFailure } from '../test-support/apiFailure.ts';
import { apiErrorText } from './errorText.ts';

describe('apiErrorText', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ja');
  });

  it('translates a known server message', () => {
    expect(apiErrorText(apiFailure(403, errorBody('forbidden')))).toBe('この操作を行う権限がありません。');
  });

  it('shows a server message the console does not know as it was sent', () => {
    expect(apiErrorText(apiFailure(400, { error: { code: 'x', user_message: 'Something specific.' } }))).toBe(
      'Something specific.',
    );
  });

  it('names each refused field of a 422 in the user language, one per line', () => {
    const body = errorBody('validation_failed', undefined, [
      { field: 'username', rule: 'required', message: 'Enter your e-mail address.' },
      { field: 'password', rule: 'min_length', message: 'Too short.' },
      { field: 'colour', rule: 'unheard_of_rule', message: 'Colour is odd.' },
    ]);
    expect(apiErrorText(apiFailure(422, body))).toBe(
      'メールアドレスを入力してください。\nパスワードの文字数が足りません。\nColour is odd.',
    );
  });

  it("shows the server's 404 for an unknown route or method in the user language", () => {
    expect(apiErrorText(apiFailure(404, errorBody('not_found')))).toBe('対象のデータが見つかりません。');
  });

  it('says a network failure is a network failure', () => {
    expect(apiErrorText(apiFailure(0, null))).toBe('通信エラーが発生しました。インターネット接続をご確認ください。');
  });
});
