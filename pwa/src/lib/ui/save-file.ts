/** Saves bytes the browser holds as a download named `name` (a tax invoice's PDF, a catalogue template): small files. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  clickDownload(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves the file at `url` as `name` by letting the browser follow the link (`<a download>`), so it streams the answer to
 * disk and no script holds it: for large files, through a signed download link (docs/decisions/0330-books-downloads.md).
 */
export function saveFromLink(url: string, name: string): void {
  clickDownload(url, name);
}

function clickDownload(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}
