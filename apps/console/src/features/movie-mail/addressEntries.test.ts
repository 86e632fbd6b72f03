import { errorBody } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { apiFailure } from '../../test-support/apiFailure.ts';
import { judgeEntries, listMessage, mailRefusal } from './addressEntries.ts';

describe('movie mail addresses', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ja');
  });

  it('refuses an address the domain rule refuses as it is entered, keeping the others', () => {
    const judged = judgeEntries(['a@example.com', 'buyer-at-example', 'b@example.com'], ['a@example.com'], []);
    expect(judged.accepted).toEqual(['a@example.com', 'b@example.com']);
    expect(judged.refused).toEqual([{ address: 'buyer-at-example', rule: 'email' }]);
  });

  it('refuses an address the other list already has (the server refuses it across both)', () => {
    const judged = judgeEntries(['Buyer@Example.com'], [], ['buyer@example.com']);
    expect(judged).toEqual({ accepted: [], refused: [{ address: 'Buyer@Example.com', rule: 'no_duplicates' }] });
  });

  it("puts the server's refusal of a list entry beside its list, naming the address", () => {
    const body = errorBody('validation_failed', undefined, [
      { field: 'to.1', rule: 'email', message: 'Invalid email address.' },
    ]);
    const found = mailRefusal(
      apiFailure(422, body),
      ['to', 'cc', 'subject'] as const,
      { to: ['a@example.com', 'buyer-at-example'], cc: [] },
      { to: 'movieMail.to', cc: 'movieMail.cc' },
    );
    expect(found.form).toBeUndefined();
    expect(found.fields.to).toBe('「buyer-at-example」：宛先には正しいメールアドレスを入力してください。');
  });

  it('names the address of a list entry the check on send refused', () => {
    const errors = [undefined, { type: 'no_duplicates', message: 'CCに、すでに入力された値と同じものがあります。' }];
    expect(listMessage(errors, ['a@example.com', 'b@example.com'])).toBe(
      '「b@example.com」：CCに、すでに入力された値と同じものがあります。',
    );
    expect(listMessage({ message: '宛先を入力してください。' }, [])).toBe('宛先を入力してください。');
  });
});
