// The back office's CSV exports, written one way (docs/decisions/0036-admin-order-list.md): rows
// are read while the file is sent, never held whole, through csv-stringify. A byte-order mark
// first (spreadsheets then read UTF-8 names right). A cell starting with =, +, -, @, a tab or a
// carriage return is written with a leading apostrophe, so a spreadsheet shows it as text
// instead of running it as a formula (CSV injection). An export whose numbers may be negative (a
// credit note's amounts) gives them as numbers with `decimals`: a number is never a formula, so it
// keeps its minus sign and stays a number in the spreadsheet (docs/product.md#back-office-tax-invoices).
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export interface CsvOptions {
  /** Write every number cell with this many decimals ('-1050.50'); by default as JavaScript writes it. */
  decimals?: number;
}

/** The file's bytes: the header row, then each row as `rows` yields it. */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  options: CsvOptions = {},
): ReadableStream<Uint8Array> {
  const { decimals } = options;
  const stringifier = stringify({
    header: true,
    columns: [...header],
    escape_formulas: true,
    bom: true,
    ...(decimals === undefined ? {} : { cast: { number: (value: number) => value.toFixed(decimals) } }),
  });
  const source = Readable.from(rows);
  source.on('error', (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}

/** A CSV download: the streamed file with its name, never stored by a cache. */
export function csvResponse(
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  options: CsvOptions = {},
): Response {
  return new Response(csvStream(header, rows, options), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
