import { beforeAll, describe, expect, it } from 'vitest';
import { contentCsvRefusalsOf } from '../../../api/contentCsv.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { csvFileRefusalText, csvItemName, csvReasonText } from './bulkText.ts';

const reason = (item: string, rule: string, params: Record<string, string | number> = {}) => ({
  item,
  rule,
  message: 'English from the server.',
  params,
});

describe('the CSV edit page in the user language', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ja');
  });

  it('names items by the wizard label, read-only ones by the page', () => {
    expect(csvItemName('management_id')).toBe('管理番号');
    expect(csvItemName('owner')).toBe('所有者');
    expect(csvItemName('unheard_of')).toBe('unheard_of');
  });

  it.each([
    [
      reason('first_registration_year', 'range', { min: 1900, max: 2100 }),
      '初度登録年は1900〜2100の範囲で入力してください。',
    ],
    [reason('maker', 'max_length', { max: 50 }), 'メーカーは50文字以内で入力してください。'],
    [reason('mail', 'email'), 'メールアドレスには正しいメールアドレスを入力してください。'],
    [reason('management_id', 'csv_required_cell_empty'), 'CSVの必須項目が空欄になっています。'],
    [reason('id', 'csv_header_mismatch'), 'この行の項目数がダウンロードしたCSVと一致しません。'],
    [reason('id', 'content_locked', { process: 'transfer' }), expect.stringContaining('「')],
    [reason('id', 'no_such_rule'), 'English from the server.'],
  ])('%j', (r, text) => {
    expect(csvReasonText(r)).toEqual(text);
  });

  it('writes large bounds with separators', () => {
    const text = csvReasonText(reason('price_with_tax', 'range', { min: 0, max: 10_000_000_000 }));
    expect(text).toContain('10,000,000,000');
  });

  it('names the locking process by its translated name', () => {
    const text = csvReasonText(reason('id', 'content_locked', { process: 'blur' }));
    expect(text).toContain('ぼかし');
    expect(text).not.toContain('blur');
  });

  it('says which heading is unknown', () => {
    expect(csvFileRefusalText('csv_header_mismatch', 'colour')).toContain('colour');
    expect(csvFileRefusalText('csv_not_utf8')).toBe('CSVファイルの文字コードはUTF-8にしてください。');
  });

  it('reads the refused rows of an answer, and nothing from another answer', () => {
    const body = {
      error: {
        code: 'content_csv_invalid',
        user_message: 'x',
        fields: [
          { field: 'rows.3.maker', rule: 'max_length', message: 'm', params: { max: 50 } },
          { field: 'maker', rule: 'required', message: 'not a row' },
        ],
      },
    };
    expect(contentCsvRefusalsOf(body)).toEqual([
      { row: 3, item: 'maker', rule: 'max_length', message: 'm', params: { max: 50 } },
    ]);
    expect(contentCsvRefusalsOf({ error: { code: 'csv_not_utf8', fields: body.error.fields } })).toEqual([]);
  });
});
