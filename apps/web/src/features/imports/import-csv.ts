/**
 * The preview's corrected cells as a CSV to send again (decision 228): UTF-8 with its byte order mark, `;` between
 * cells, every cell quoted (a quote doubled), CRLF between rows. Writing only; the server reads every file.
 */
export function correctedCsv(headers: readonly string[], rows: readonly (readonly string[])[]): Blob {
  const line = (cells: readonly string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(';');
  const text = [headers, ...rows].map((cells) => `${line(cells)}\r\n`).join('');
  return new Blob([`\uFEFF${text}`], { type: 'text/csv' });
}
