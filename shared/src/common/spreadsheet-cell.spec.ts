import { describe, expect, it } from 'vitest';
import { guardedCell, unguardedCell } from './spreadsheet-cell.js';

describe('spreadsheet cells', () => {
  it('prefixes text a spreadsheet would read as a formula with an apostrophe', () => {
    for (const text of ['=HYPERLINK("http://x.example","click")', '+91 98', '-5 kg', '@SUM(A1)', '\t=1', '\r=1']) expect(guardedCell(text)).toBe(`'${text}`);
    for (const text of ['Atta 5 kg', '', "'plain", 'a=b', '₹ 5']) expect(guardedCell(text)).toBe(text);
  });

  it('reads every guarded cell back to the text it was, apostrophes a person typed included', () => {
    for (const text of ['=1+1', "'=1+1", "''-2", "'plain", "'", 'Atta', '@home', '']) expect(unguardedCell(guardedCell(text))).toBe(text);
    // A cell typed by hand without the guard is read as it is.
    expect(unguardedCell("'abc")).toBe("'abc");
    expect(unguardedCell('=1')).toBe('=1');
  });
});
