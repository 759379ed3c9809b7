/**
 * A strict RFC 4180 reader for the tests of the CSV exports, written apart from the encoder so
 * it checks it: records end with CRLF, a quoted field may hold commas, CR, LF and doubled
 * quotes, an unquoted one none of them. Anything else throws.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('parseCsv: a quoted field is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`parseCsv: a quote in an unquoted field at ${i}`);
        field += text[i];
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(
        `parseCsv: expected a comma or CRLF at ${i}, found ${JSON.stringify(text[i])}`,
      );
    }
  }
  if (record.length) throw new Error('parseCsv: the last record does not end with CRLF');
  return records;
}
