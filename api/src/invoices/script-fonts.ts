import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { skipNullAnchors } from './null-anchors.js';

/**
 * The faces tax documents print in (docs/decisions/0200-tax-invoices.md): the Google Fonts Noto TTFs that the
 * @expo-google-fonts packages ship (OFL), one family per script of India's scheduled languages. Noto Sans
 * Devanagari is the base: it holds Latin, Devanagari and ₹, so a document in English or Hindi uses only it.
 */
const FAMILIES = {
  base: ['noto-sans-devanagari', 'NotoSansDevanagari'],
  bengali: ['noto-sans-bengali', 'NotoSansBengali'],
  gujarati: ['noto-sans-gujarati', 'NotoSansGujarati'],
  gurmukhi: ['noto-sans-gurmukhi', 'NotoSansGurmukhi'],
  kannada: ['noto-sans-kannada', 'NotoSansKannada'],
  malayalam: ['noto-sans-malayalam', 'NotoSansMalayalam'],
  odia: ['noto-sans-oriya', 'NotoSansOriya'],
  tamil: ['noto-sans-tamil', 'NotoSansTamil'],
  telugu: ['noto-sans-telugu', 'NotoSansTelugu'],
  nastaliq: ['noto-nastaliq-urdu', 'NotoNastaliqUrdu'],
  naskh: ['noto-naskh-arabic', 'NotoNaskhArabic'],
  olChiki: ['noto-sans-ol-chiki', 'NotoSansOlChiki'],
  meeteiMayek: ['noto-sans-meetei-mayek', 'NotoSansMeeteiMayek'],
} as const;

export type Face = keyof typeof FAMILIES;
export type Weight = 'regular' | 'bold';

/**
 * The faces each script's letters print in, by preference; anything else (Latin, Devanagari, digits,
 * punctuation) starts in the base. Urdu prints in Nastaliq, as it is written; a letter Nastaliq lacks
 * (Sindhi's ڪ) in Naskh.
 */
const LETTERS: readonly (readonly [RegExp, readonly Face[]])[] = [
  [/\p{Script=Bengali}/u, ['bengali']], // Bengali and Assamese, and Manipuri as most write it
  [/\p{Script=Gujarati}/u, ['gujarati']],
  [/\p{Script=Gurmukhi}/u, ['gurmukhi']], // Punjabi
  [/\p{Script=Kannada}/u, ['kannada']],
  [/\p{Script=Malayalam}/u, ['malayalam']],
  [/\p{Script=Oriya}/u, ['odia']],
  [/\p{Script=Tamil}/u, ['tamil']],
  [/\p{Script=Telugu}/u, ['telugu']],
  [/\p{Script=Arabic}/u, ['nastaliq', 'naskh']], // Urdu, Kashmiri and Sindhi
  [/\p{Script=Ol_Chiki}/u, ['olChiki']], // Santali
  [/\p{Script=Meetei_Mayek}/u, ['meeteiMayek']], // Manipuri
];

/** Combining marks, ZWJ and ZWNJ: they belong to the letter before them and never start a run of their own. */
const JOINS = /\p{Script=Inherited}/u;

const loaded = new Map<string, fontkit.Font>();

/**
 * A face's parsed font, read once per thread and shared by every document drawn there (pdfkit takes a
 * fontkit font as a font source, and subsets it per document).
 */
export function fontOf(face: Face, weight: Weight): fontkit.Font {
  const key = `${face}-${weight}`;
  let font = loaded.get(key);
  if (!font) {
    const [pkg, file] = FAMILIES[face];
    const style = weight === 'bold' ? '700Bold' : '400Regular';
    const path = createRequire(import.meta.url).resolve(`@expo-google-fonts/${pkg}/${style}/${file}_${style}.ttf`);
    font = fontkit.create(readFileSync(path)) as fontkit.Font;
    skipNullAnchors(font);
    loaded.set(key, font);
  }
  return font;
}

/** The name a face is registered under in a pdfkit document. */
export const fontName = (face: Face, weight: Weight) => `${face}-${weight}`;

const FACES = Object.keys(FAMILIES) as Face[];

/** Characters that belong to no one script: spaces, digits, punctuation, ₹, the danda, the Arabic comma. */
const SHARED = /\p{Script=Common}/u;
export const isShared = (char: string) => SHARED.test(char);
export const hasGlyph = (face: Face, char: string) => fontOf(face, 'regular').hasGlyphForCodePoint(char.codePointAt(0)!);

/**
 * The face that prints `char`, written after a character printed in `before` (undefined at the start): the
 * face of its script (the one before it if that is one of its script's and has it); a joining mark stays
 * with the letter before it; a shared character stays in the face before it when that face has it; any
 * other letter (Latin, Devanagari) prints in the base. Failing those, the first face that has it.
 * Regular and bold cover the same letters.
 */
export function faceFor(char: string, before: Face | undefined): Face {
  const has = (face: Face) => hasGlyph(face, char);
  const script = LETTERS.find(([letters]) => letters.test(char))?.[1];
  if (script) return before && script.includes(before) && has(before) ? before : (script.find(has) ?? script[0]!);
  if (before && (JOINS.test(char) || (SHARED.test(char) && has(before)))) return before;
  if (has('base')) return 'base';
  return FACES.find(has) ?? 'base';
}
