import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** Runs `use` with the PDF written to a file of its own (poppler's tools read files). */
function withFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'haat-glyphs-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return use(join(dir, 'doc.pdf'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fonts a PDF uses, as poppler's pdffonts lists them: the name without its subset tag, and whether it is embedded. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  const listing = withFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const [name = '', ...rest] = line.trim().split(/\s+/);
      // name, type words…, encoding, then emb sub uni and the object number.
      return { name: name.replace(/^[A-Z]{6}\+/, ''), embedded: rest.at(-5) === 'yes' };
    });
}

/**
 * How many glyphs the PDF's pages draw as glyph 0, the font's .notdef (the missing-glyph box): pdfkit
 * writes shown text as TJ arrays of 4-hex-digit glyph ids of the embedded subset, whose glyph 0 is the
 * font's .notdef, and a character the font lacks is laid out as glyph 0.
 */
export function notdefGlyphs(pdf: Buffer): { drawn: number; notdef: number } {
  const raw = pdf.toString('latin1');
  let drawn = 0;
  let notdef = 0;
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]+)>/g)) {
        const ids = hex[1]!.match(/.{4}/g) ?? [];
        drawn += ids.length;
        notdef += ids.filter((id) => id === '0000').length;
      }
    }
  }
  return { drawn, notdef };
}

/** A page rendered by poppler's pdftoppm, in grey (0 black … 255 white), at `dpi`. */
export function renderPage(pdf: Buffer, page: number, dpi = 200, keepAs?: string): { width: number; height: number; grey: Uint8Array } {
  return withFile(pdf, (file, dir) => {
    const args = ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile'];
    execFileSync('pdftoppm', [...args, '-gray', file, join(dir, 'page')]);
    if (keepAs) execFileSync('pdftoppm', [...args, '-png', file, keepAs]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    return { width: Number(header[1]), height: Number(header[2]), grey: new Uint8Array(pgm.subarray(header[0].length)) };
  });
}

/**
 * The missing-glyph boxes on a rendered page: the marks (8-connected dark pixels) shaped as the outline of
 * an upright rectangle, each side drawn nearly whole and the inside empty, as Noto's .notdef is. No letter
 * of the scripts printed is a closed, empty rectangle, and the table's rules are single lines.
 */
export function missingGlyphBoxes(page: { width: number; height: number; grey: Uint8Array }): number {
  const { width, height, grey } = page;
  const ink = (x: number, y: number) => grey[y * width + x]! < 160;
  const seen = new Uint8Array(width * height);
  let boxes = 0;
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || grey[start]! >= 160) continue;
    const mark = markAt(start, width, height, ink, seen);
    if (isBox(mark, ink)) boxes++;
  }
  return boxes;
}

interface Mark {
  left: number;
  top: number;
  right: number;
  bottom: number;
  pixels: Set<number>;
  width: number;
}

function markAt(start: number, width: number, height: number, ink: (x: number, y: number) => boolean, seen: Uint8Array): Mark {
  const pixels = new Set<number>();
  const mark: Mark = { left: width, top: height, right: 0, bottom: 0, pixels, width };
  const stack = [start];
  seen[start] = 1;
  while (stack.length) {
    const at = stack.pop()!;
    pixels.add(at);
    const x = at % width;
    const y = (at - x) / width;
    [mark.left, mark.right, mark.top, mark.bottom] = [Math.min(mark.left, x), Math.max(mark.right, x), Math.min(mark.top, y), Math.max(mark.bottom, y)];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        const next = ny * width + nx;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && !seen[next] && ink(nx, ny)) {
          seen[next] = 1;
          stack.push(next);
        }
      }
  }
  return mark;
}

/** A closed outline: each side of its bounds drawn nearly whole (on the edge or the pixel inside it), and an empty inside. */
function isBox(mark: Mark, ink: (x: number, y: number) => boolean): boolean {
  const { left, top, right, bottom } = mark;
  const w = right - left + 1;
  const h = bottom - top + 1;
  if (w < 6 || h < 10 || w > 80 || h > 80) return false;
  const has = (x: number, y: number) => mark.pixels.has(y * mark.width + x);
  const whole = (count: number, drawn: (i: number) => boolean) => Array.from({ length: count }, (_, i) => drawn(i)).filter(Boolean).length >= 0.9 * count;
  const closed =
    whole(w, (i) => has(left + i, top) || has(left + i, top + 1)) &&
    whole(w, (i) => has(left + i, bottom) || has(left + i, bottom - 1)) &&
    whole(h, (i) => has(left, top + i) || has(left + 1, top + i)) &&
    whole(h, (i) => has(right, top + i) || has(right - 1, top + i));
  let inside = 0;
  for (let y = top + 3; y <= bottom - 3; y++) for (let x = left + 3; x <= right - 3; x++) if (ink(x, y)) inside++;
  return closed && inside <= 0.1 * Math.max(1, (w - 6) * (h - 6));
}
