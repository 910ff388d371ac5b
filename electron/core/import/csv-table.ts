/**
 * A CSV file read into its header and rows, once, or refused with a sentence saying what the file is instead:
 * empty, binary, UTF-16 or Latin-1/Windows-1252 (saved by a spreadsheet in its "CSV" of old), or with a quote
 * never closed. Comma, semicolon (spreadsheets set to Italian), tab and pipe are told apart by papaparse.
 */
import Papa from 'papaparse';
import { CSV_FILE_PROBLEMS, type CsvFileProblem } from '../../../shared/contact-import.js';
import { DeskError } from '../desk-error.js';

export interface CsvTable {
  columns: string[];
  /** Rows with at least one non-empty cell; `row` is the spreadsheet's row number (the header is 1). */
  rows: { row: number; cells: string[] }[];
}

const refuse = (problem: CsvFileProblem, message: string) => new DeskError('invalid_input', message, [{ field: 'csv', message: CSV_FILE_PROBLEMS[problem] }]);
const BINARY = /[\0-\x08\x0B\x0C\x0E-\x1F]/;
const SAVE_AS = 'save it again as "CSV UTF-8" and choose it again';

/** The file's text: bytes must be UTF-8 (a UTF-8 byte order mark is dropped); text must not hold U+FFFD, what a wrong decoding leaves. */
export function csvText(file: string | Uint8Array): string {
  if (typeof file === 'string') {
    if (file.includes('\uFFFD')) throw refuse('notUtf8', `The file is not UTF-8 text (it has characters that could not be read): ${SAVE_AS}.`);
    return file.replace(/^\uFEFF/, '');
  }
  if (isUtf16(file)) {
    throw refuse('utf16', `The file is UTF-16 text, not UTF-8: ${SAVE_AS}.`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw refuse('notUtf8', `The file is not UTF-8 text (it looks like Latin-1 or Windows-1252, as older spreadsheets save CSV): ${SAVE_AS}.`);
  }
}

function isUtf16(file: string | Uint8Array): boolean {
  return typeof file !== 'string' && ((file[0] === 0xff && file[1] === 0xfe) || (file[0] === 0xfe && file[1] === 0xff));
}

export function readCsvTable(file: string | Uint8Array): CsvTable {
  // NUL and other control characters besides tab and line ends: a binary file (a spreadsheet's own format, an image).
  const binary = typeof file === 'string' ? BINARY.test(file) : file.subarray(0, 8192).some((byte) => byte < 0x20 && ![0x09, 0x0a, 0x0d].includes(byte));
  if (binary && !isUtf16(file)) throw refuse('binary', 'This is not a CSV file: it holds binary data (save a spreadsheet as "CSV UTF-8" first).');
  const text = csvText(file);
  if (text.trim() === '') throw refuse('empty', 'The file is empty.');
  if (BINARY.test(text)) throw refuse('binary', 'This is not a CSV file: it holds binary data (save a spreadsheet as "CSV UTF-8" first).');
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) throw refuse('unclosedQuote', `This is not a valid CSV file: a quote opened in row ${(unclosed.row ?? 0) + 1} is never closed.`);
  const [header, ...body] = parsed.data;
  const columns = (header ?? []).map((name) => name.trim());
  const rows = body.flatMap((cells, i) => (cells.some((cell) => cell.trim() !== '') ? [{ row: i + 2, cells }] : []));
  if (rows.length === 0) throw refuse('noRows', 'The file has a header row but no rows under it.');
  return { columns, rows };
}
