import { Readable } from 'node:stream';
import { csvRecord } from '@spinyard/domain';

/** Excel reads a UTF-8 file as UTF-8 only after this mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * A CSV file as a stream: the BOM and header first, then each page of rows as it is read, every cell neutralised
 * against formulas (csvRecord). Pages already read (an array of one page) pass as they are. The stream asks for the next page only when the client has taken the previous one,
 * so memory holds one page whatever the file's size.
 */
export function csvStream<T>(
  header: readonly string[],
  pages: AsyncIterable<T[]> | Iterable<T[]>,
  cells: (row: T) => string[],
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRecord(header);
    for await (const rows of pages) {
      let text = '';
      for (const row of rows) text += csvRecord(cells(row));
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
