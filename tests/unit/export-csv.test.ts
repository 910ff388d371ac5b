import { describe, expect, it } from 'vitest';
import { toCsv } from '../../electron/core/export/csv.js';

const cells = (text: string) => text.split('\n')[1] ?? '';

describe('export as CSV: no formula runs, and no number is mangled', () => {
  it('keeps a phone number in international format and a signed number as they are', () => {
    expect(cells(toCsv([{ phonenumber: '+39 06 1234 5678' }]))).toBe('+39 06 1234 5678');
    expect(cells(toCsv([{ phonenumber: '+39.0612345678' }]))).toBe('+39.0612345678');
    expect(cells(toCsv([{ phonenumber: '+1 (555) 010-0199' }]))).toBe('+1 (555) 010-0199');
    expect(cells(toCsv([{ amount: '-12.50' }]))).toBe('-12.50');
    expect(cells(toCsv([{ amount: '+3' }]))).toBe('+3');
    expect(cells(toCsv([{ amount: -7 }]))).toBe('-7');
  });

  it('guards every cell a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1)', '=HYPERLINK("x")', '\t=1', '-1+1', '-1-1', '+A1']) {
      const cell = cells(toCsv([{ note: formula }]));
      expect(cell.replace(/^"|"$/g, '').replace(/""/g, '"').startsWith("'"), formula).toBe(true);
    }
  });
});
