/** UTF-8 byte order mark: Excel (as used in Taiwan) then reads the file as UTF-8, so Chinese shows right. */
export const BOM = '\uFEFF';

type Cell = string | number | boolean | null | undefined;

/**
 * One cell of RFC 4180 CSV: quoted when it holds a comma, quote or line break; a leading
 * `= + - @` (or tab/CR) gets a `'` so a spreadsheet never runs a player's name as a formula.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: the BOM, the header row, then the rows, CRLF line ends (what Excel writes). */
export function csvFile(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
