/**
 * Text cells of a file a person opens in Excel (exports of the catalogue, orders, the ledger): text that starts
 * like a formula (=, +, -, @, a tab or a carriage return) gets a leading apostrophe, so a spreadsheet shows it as
 * text instead of running it (`=HYPERLINK(…)` in a product's name is a link that leaks or a command that runs: CSV
 * injection). An import reads a cell back through `unguardedCell`, so a file exported and imported again holds the
 * same text. Text that already starts with apostrophes before such a character gets one more, so the apostrophes a
 * person typed survive the round trip too. Numbers are written as numbers and never guarded.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

/** A text cell as an export writes it (see above). */
export function guardedCell(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

/** The text an exported cell stands for: the guard's apostrophe dropped, anything else as it is. */
export function unguardedCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_LIKE.test(cell.slice(1)) ? cell.slice(1) : cell;
}
