/**
 * How a Hindi word is spelt in Latin letters varies (ghadi, ghari, gaadi; kitab, kitaab; namkeen,
 * namkin) and shoppers type it in Devanagari too (घड़ी). A word's spelling key folds those together:
 * Devanagari is written in Latin letters first (latin), then the usual variations are folded
 * (spellingKey). Two spellings of one word share a key; the synonyms are looked up by it
 * (docs/decisions/0260-the-shoppers-own-words.md).
 */
import { remembered } from '../remembered.js';

const LETTERS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  ळ: 'l',
  क़: 'k',
  ख़: 'kh',
  ग़: 'g',
  ज़: 'z',
  ड़: 'r',
  ढ़: 'rh',
  फ़: 'f',
};
/** By each letter's decomposed form (searchTokens decomposes ड़ into ड and the nukta). */
const CONSONANTS: Record<string, string> = Object.fromEntries(Object.entries(LETTERS).map(([k, v]) => [k.normalize('NFD'), v]));
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ii',
  उ: 'u',
  ऊ: 'uu',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
};
const SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ii',
  'ु': 'u',
  'ू': 'uu',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
};
const VIRAMA = '्';
const NUKTA = '़';
const NASAL = new Set(['ं', 'ँ']);

/**
 * Devanagari in Latin letters, as Hindi speakers type it: each consonant with its vowel (the
 * inherent "a" unless a sign or virama says otherwise), dropping the inherent "a" that Hindi does
 * not say — at the end of a word (unless after joined consonants ending in r or y), and between a vowel and a consonant that has its own (नमकीन →
 * namkiin). Other text is kept as it is.
 */
export function latin(text: string): string {
  const chars = [...text.normalize('NFD')];
  const syllables: Array<{ consonant: string; vowel: string; inherent: boolean } | string> = [];
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i]!;
    if (chars[i + 1] === NUKTA) c += chars[++i];
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      const next = chars[i + 1];
      if (next === VIRAMA) {
        syllables.push({ consonant, vowel: '', inherent: false });
        i++;
      } else if (next !== undefined && SIGNS[next] !== undefined) {
        syllables.push({ consonant, vowel: SIGNS[next], inherent: false });
        i++;
      } else syllables.push({ consonant, vowel: 'a', inherent: true });
    } else if (VOWELS[c] !== undefined) syllables.push({ consonant: '', vowel: VOWELS[c]!, inherent: false });
    else if (NASAL.has(c)) syllables.push('n');
    else syllables.push(c);
  }
  const isSyllable = (s: (typeof syllables)[number] | undefined): s is { consonant: string; vowel: string; inherent: boolean } => typeof s === 'object';
  return syllables
    .map((s, i) => {
      if (!isSyllable(s)) return s;
      const before = syllables[i - 1];
      const after = syllables[i + 1];
      const wordEnd = !isSyllable(after) && (after === undefined || !/\p{L}/u.test(after));
      // Between a said vowel and a consonant whose vowel is said (its own sign, or an "a" before more letters).
      const between =
        isSyllable(before) && before.vowel !== '' && isSyllable(after) && after.consonant !== '' && (!after.inherent || isSyllable(syllables[i + 2]));
      // Said after joined consonants ending in r or y (पात्र: paatra), not otherwise (जीन्स: jiins).
      const afterCluster = isSyllable(before) && before.vowel === '' && /^[ry]$/.test(s.consonant);
      if (s.inherent && i > 0 && ((wordEnd && !afterCluster) || between)) return s.consonant;
      return s.consonant + s.vowel;
    })
    .join('');
}

/**
 * A word's spelling key: in Latin letters, lower case, with the variations of typed Hindi folded —
 * long vowels as short (aa, ee, ii, oo, uu), "h" after a consonant dropped (ghadi = gadi), ड़ and r
 * alike (ghari = ghadi, sari = saree), w as v, z as j, q as k, ph as f, au as o, ai as e, a doubled
 * letter as one.
 */
export function spellingKey(word: string): string {
  // Asked for every word of every search (and each pair of them), from a vocabulary that repeats: kept once made.
  return remembered(keysMade, word, makeSpellingKey, KEYS_KEPT);
}

/** How many words' keys are kept (a few strings each). */
const KEYS_KEPT = 10_000;
const keysMade = new Map<string, string>();

function makeSpellingKey(word: string): string {
  return latin(word)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ph/g, 'f')
    .replace(/([bcdgjklmnpqrstvwxyz])h/g, '$1')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/au/g, 'o')
    .replace(/ai/g, 'e')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/r/g, 'd')
    .replace(/(.)\1+/g, '$1');
}
