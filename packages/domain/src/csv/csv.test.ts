import { describe, expect, it } from 'vitest';
import { csvRecord, neutraliseFormula, parseCsv, restoreFormula, writeCsv } from './csv.ts';

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
    ['mixed line ends', 'a\r\nb\nc\rd', [['a'], ['b'], ['c'], ['d']]],
    ['blank line in the middle', 'a\n\nb\n', [['a'], [''], ['b']]],
    ['spaces are kept', ' a , b \n', [[' a ', ' b ']]],
    ['Japanese text', '山田,太郎\n', [['山田', '太郎']]],
  ])('%s', (_name, text, records) => {
    expect(parseCsv(text)).toEqual({ ok: true, records });
  });

  it.each<[string, string, { reason: string; record: number }]>([
    ['unterminated quote', 'a\n"b,c\n', { reason: 'unterminated_quote', record: 2 }],
    ['unterminated quote on the third record', 'x\ny\n"a,c', { reason: 'unterminated_quote', record: 3 }],
  ])('%s', (_name, text, expected) => {
    expect(parseCsv(text)).toEqual({ ok: false, ...expected });
  });

  it('property: writing then reading gives back the values', () => {
    const samples = [
      ['plain', 'with,comma', 'with "quote"', 'line\nbreak', '', ' spaced '],
      ['"', ',', 'a\r\nb', 'é', '山田', 'x\ry'],
    ];
    const text = samples.map(csvRecord).join('');
    expect(parseCsv(text)).toEqual({ ok: true, records: samples });
  });
});

describe('writeCsv', () => {
  it.each([
    ['plain', 'plain\r\n'],
    ['a,b', '"a,b"\r\n'],
    ['a"b', '"a""b"\r\n'],
    ['a\nb', '"a\nb"\r\n'],
  ])('%j -> %j', (value, expected) => {
    expect(csvRecord([value])).toBe(expected);
  });

  it('ends every record with CRLF', () => {
    expect(writeCsv([['a', 'b'], ['c']])).toBe('a,b\r\nc\r\n');
  });

  // A cell a spreadsheet would run as a formula is written after a quote mark, in every CSV the product writes.
  it.each(['=1+1', '+81 3', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])('neutralises %j', (value) => {
    const written = csvRecord([value, 'next']);
    const back = parseCsv(written);
    expect(back).toEqual({ ok: true, records: [[`'${value}`, 'next']] });
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it.each(["'=1", "''+2", "'", "'plain", '=x', '-', "'\tx"])(
    'restoreFormula undoes neutraliseFormula for %j',
    (value) => {
      expect(restoreFormula(neutraliseFormula(value))).toBe(value);
    },
  );

  it('restoreFormula leaves cells that were not neutralised alone', () => {
    for (const cell of ["'plain", "'", 'a=b', '=typed in a spreadsheet']) expect(restoreFormula(cell)).toBe(cell);
  });

  it('leaves other cells alone, a formula character later in the text included', () => {
    for (const value of ['a=b', 'x+1', 'mail@example.com', '山田', '', ' =not first']) {
      expect(neutraliseFormula(value)).toBe(value);
    }
  });
});
