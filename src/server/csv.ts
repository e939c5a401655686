// STAND-IN until the lead's src/server/csv.ts lands on main (same purpose: a streamed CSV answer
// through csv-stringify that neutralises formulas). Replaced by main's file at the merge.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A CSV download streamed row by row: the rows are read while the answer is sent, never held
 * whole. A cell starting with =, +, -, @, tab or CR is prefixed with ' so a spreadsheet shows it
 * as text instead of running it as a formula (CSV injection).
 */
export function csvResponse(filename: string, header: string[], rows: AsyncIterable<unknown[]>): Response {
  const stringifier = stringify({ header: true, columns: header, escape_formulas: true, bom: true });
  const source = Readable.from(rows);
  source.on('error', (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return new Response(Readable.toWeb(stringifier) as ReadableStream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
