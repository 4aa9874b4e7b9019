import { createRequire } from 'node:module';
import type { Bidi } from 'bidi-js';
import { faceFor, hasGlyph, isShared, type Face } from './script-fonts.js';

// bidi-js is CommonJS whose module.exports is the factory its types call the default export.
const bidi = (createRequire(import.meta.url)('bidi-js') as () => Bidi)();

/**
 * One run of a line, ready for pdfkit: `draw` is what to lay out in `face`, `whole` says to lay it out in one
 * piece (pdfkit otherwise shapes word by word, left to right, which puts right-to-left words in the wrong
 * order), `typed` is the text as typed, and `actual` the run's characters as text extraction takes them (its
 * ActualText): as typed, or for a right-to-left run in drawing order, since readers such as poppler's
 * pdftotext read a line's characters left to right and turn right-to-left ones back into reading order.
 */
export interface Run {
  face: Face;
  draw: string;
  whole: boolean;
  typed: string;
  actual: string;
}

/** The width of `text` laid out in `face`, whole or word by word. */
export type Measure = (face: Face, text: string, whole: boolean) => number;

/** Letters of a right-to-left script; a paragraph without any needs no bidi step. */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** The first character fontkit picks a run's script (and so its direction) by: the first one not shared by scripts. */
const OWN_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const reversed = (text: string) => Array.from(text).reverse().join('');

interface Char {
  at: number;
  char: string;
  face: Face;
}

/**
 * A paragraph (no line breaks) set into lines of at most `width`, each a list of runs from left to right.
 * Each character prints in the face of its script (script-fonts.ts); lines break between words (or inside a
 * word too long for a line); right-to-left text (Urdu) is ordered by the Unicode bidirectional algorithm
 * (bidi-js) on a left-to-right page, line by line, as UAX #9 asks: so "مکان 12، گلی 3" reads right to left
 * with its numbers left to right.
 */
export function setLines(paragraph: string, width: number, measure: Measure): Run[][] {
  const chars: Char[] = [];
  for (const part of paragraph.matchAll(/./gsu)) chars.push({ at: part.index, char: part[0], face: faceFor(part[0], chars.at(-1)?.face) });
  sharedBetweenFaces(chars);
  const levels = RTL_LETTER.test(paragraph) ? bidi.getEmbeddingLevels(paragraph, 'ltr').levels : undefined;
  const levelOf = (c: Char) => levels?.[c.at] ?? 0;
  const widthOf = (from: number, to: number) => groups(chars.slice(from, to), (c) => c.face).reduce((sum, g) => sum + measure(g[0]!.face, text(g), false), 0);
  return breakLines(chars, width, widthOf).map(([from, to]) => lineRuns(chars.slice(from, to), levelOf));
}

/**
 * Shared characters between letters of two faces (the " · " between an Urdu name and a Malayalam one) print
 * in the base face when it has them all, rather than in the spacing and punctuation of the face before them.
 */
function sharedBetweenFaces(chars: Char[]): void {
  for (let i = 0; i < chars.length; i++) {
    if (!isShared(chars[i]!.char) || i === 0) continue;
    let end = i;
    while (end < chars.length && isShared(chars[end]!.char)) end++;
    const [before, after] = [chars[i - 1]!.face, chars[end]?.face];
    const between = chars.slice(i, end);
    if (after && after !== before && between.every((c) => hasGlyph('base', c.char))) for (const c of between) c.face = 'base';
    i = end;
  }
}

const text = (chars: readonly Char[]) => chars.map((c) => c.char).join('');

/** Consecutive items with the same key. */
function groups<T>(items: readonly T[], key: (item: T) => string | number): T[][] {
  const out: T[][] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last && key(last[0]!) === key(item)) last.push(item);
    else out.push([item]);
  }
  return out;
}

/** Greedy line breaking between words, as pdfkit's own: [from, to) per line, trailing spaces left out. */
function breakLines(chars: readonly Char[], width: number, widthOf: (from: number, to: number) => number): [number, number][] {
  const lines: [number, number][] = [];
  let start = 0;
  let end = 0; // the line so far is [start, end)
  for (let i = 0; i < chars.length;) {
    let wordEnd = i;
    while (wordEnd < chars.length && !/\s/u.test(chars[wordEnd]!.char)) wordEnd++;
    let next = wordEnd;
    while (next < chars.length && /\s/u.test(chars[next]!.char)) next++;
    if (end > start && widthOf(start, wordEnd) > width) {
      lines.push([start, trimEnd(chars, start, end)]);
      start = i;
    }
    if (end === start && widthOf(i, wordEnd) > width) {
      // A word longer than the line: as many whole letters (grapheme clusters) as fit, the rest on the next line.
      const stops = clusterEnds(chars, i, wordEnd);
      const fit = stops.filter((stop, k) => k === 0 || widthOf(i, stop) <= width).at(-1)!;
      if (fit < wordEnd) {
        lines.push([i, fit]);
        start = end = i = fit;
        continue;
      }
    }
    end = i = next;
  }
  if (end > start || lines.length === 0) lines.push([start, trimEnd(chars, start, end)]);
  return lines;
}

const LETTERS = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Where each grapheme cluster of chars[from, to) ends, as indices into chars. */
function clusterEnds(chars: readonly Char[], from: number, to: number): number[] {
  const ends: number[] = [];
  let at = from;
  for (const { segment } of LETTERS.segment(text(chars.slice(from, to)))) ends.push((at += Array.from(segment).length));
  return ends;
}

const trimEnd = (chars: readonly Char[], start: number, end: number) => {
  while (end > start && /\s/u.test(chars[end - 1]!.char)) end--;
  return end;
};

/** A line's runs, left to right: grouped by face and bidi level, reordered by UAX #9's rule L2. */
function lineRuns(line: readonly Char[], levelOf: (c: Char) => number): Run[] {
  const runs = groups(line, (c) => `${c.face} ${levelOf(c)}`).map((g) => ({ chars: g, level: levelOf(g[0]!) }));
  const top = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level | 1));
  for (let level = top; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map(({ chars, level }) => {
    const typed = text(chars);
    const rtl = level % 2 === 1;
    const shown = rtl ? chars.map((c) => bidi.getMirroredCharacter(c.char) ?? c.char).join('') : typed;
    // fontkit lays a run out right to left when its first letter of its own is of a right-to-left script.
    const fontkitRtl = RTL_LETTER.test(typed.match(OWN_SCRIPT)?.[0] ?? '');
    return { face: chars[0]!.face, draw: rtl === fontkitRtl ? shown : reversed(shown), whole: fontkitRtl, typed, actual: rtl ? reversed(typed) : typed };
  });
}
