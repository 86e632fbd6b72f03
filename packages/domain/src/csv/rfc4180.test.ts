import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, parseCsv } from './rfc4180.ts';

describe('parseCsv', () => {
  it.each<[string, string, string[][]]>([
    ['empty text', '', []],
    ['one field', 'a', [['a']]],
    [
      'CRLF records',
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'LF records',
      'a,b\nc,d\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'lone CR records',
      'a,b\rc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'no final line break',
      'a,b\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['empty fields', ',,\n', [['', '', '']]],
    ['trailing separator', 'a,\n', [['a', '']]],
    ['quoted comma', '"a,b",c\n', [['a,b', 'c']]],
    ['doubled quote', '"say ""hi""",x\n', [['say "hi"', 'x']]],
    ['quoted line break', '"line1\r\nline2",x\n', [['line1\r\nline2', 'x']]],
    ['empty quoted field', '"",x\n', [['', 'x']]],
    ['quoted last field at end of text', 'a,"b"', [['a', 'b']]],
    ['a quote inside an unquoted field is kept', 'ab"c,d\n', [['ab"c', 'd']]],
    ['blank line in the middle', 'a\n\nb\n', [['a'], [''], ['b']]],
    ['spaces are kept', ' a , b \n', [[' a ', ' b ']]],
    ['Japanese text', '山田,太郎\n', [['山田', '太郎']]],
  ])('%s', (_name, text, records) => {
    expect(parseCsv(text)).toEqual({ ok: true, records });
  });

  it.each<[string, string, { reason: string; record: number }]>([
    ['unterminated quote', 'a\n"b,c\n', { reason: 'unterminated_quote', record: 2 }],
    ['text after a closing quote', '"a"b,c\n', { reason: 'text_after_quote', record: 1 }],
    ['space after a closing quote', 'x\ny\n"a" ,c\n', { reason: 'text_after_quote', record: 3 }],
  ])('%s', (_name, text, expected) => {
    expect(parseCsv(text)).toEqual({ ok: false, ...expected });
  });

  it('property: writing then reading gives back the values', () => {
    const samples = [
      ['plain', 'with,comma', 'with "quote"', 'line\nbreak', '', ' spaced '],
      ['"', ',', '\r\n', 'é', '山田'],
    ];
    const text = samples.map(csvRecord).join('');
    expect(parseCsv(text)).toEqual({ ok: true, records: samples });
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['a"b', '"a""b"'],
    ['a\nb', '"a\nb"'],
  ])('%j -> %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
