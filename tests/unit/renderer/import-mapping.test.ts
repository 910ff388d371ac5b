import { describe, expect, it } from 'vitest';
import type { ContactImportRow } from '../../../shared/contact-import.js';
import { CSV_FILE_PROBLEMS, csvFileProblem } from '../../../shared/contact-import.js';
import { mappingClashes, previewRows, shownFields } from '../../../renderer/src/components/import/import-mapping';

describe('the import dialog’s mapping', () => {
  it('names each column whose field another column already takes, with that column', () => {
    expect(mappingClashes(['firstname', 'email', null, 'email', 'city', 'email'])).toEqual(
      new Map([
        [3, 1],
        [5, 1],
      ]),
    );
    expect(mappingClashes(['firstname', null, null, 'email']).size).toBe(0);
    // The column changed last is the one refused, wherever it is.
    expect(mappingClashes(['firstname', 'email', 'email'], 1)).toEqual(new Map([[1, 2]]));
    expect(mappingClashes(['email', 'email', 'city'], 2)).toEqual(new Map([[1, 0]]));
    expect(mappingClashes([]).size).toBe(0);
  });

  it('shows each mapped field once, in the file’s column order', () => {
    expect(shownFields([null, 'email', 'firstname', null, 'email'])).toEqual(['email', 'firstname']);
  });

  it('lists every row, or only those left out', () => {
    const rows: ContactImportRow[] = [
      { row: 2, params: {}, contactId: null, issues: [] },
      { row: 3, params: {}, contactId: null, issues: [{ field: 'email', message: 'must be an e-mail address' }] },
    ];
    expect(previewRows(rows, false)).toHaveLength(2);
    expect(previewRows(rows, true).map((r) => r.row)).toEqual([3]);
  });
});

describe('a refused file’s problem', () => {
  it('is found by the key of its csv issue, and is null for any other refusal', () => {
    expect(csvFileProblem([{ field: 'csv', message: CSV_FILE_PROBLEMS.notUtf8 }])).toBe('notUtf8');
    expect(csvFileProblem([{ field: 'mapping', message: CSV_FILE_PROBLEMS.empty }])).toBeNull();
    expect(csvFileProblem([{ field: 'csv', message: 'something else' }])).toBeNull();
    expect(csvFileProblem(undefined)).toBeNull();
  });
});
