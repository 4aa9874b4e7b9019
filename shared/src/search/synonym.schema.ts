import { z } from 'zod';

/**
 * The shoppers' own words of search (docs/decisions/0260-the-shoppers-own-words.md): a word or two as shoppers type
 * it, in any script, and the catalogue words it means. The API's routes and the admin's Synonyms screen check with
 * these schemas; the messages say the rule after the field's name ("word: must be one or two words…").
 */
export const MAX_MEANS_WORDS = 4;
export const SYNONYM_WORD_MAX = 40;
export const SYNONYM_MEANS_MAX = 80;

export const SYNONYM_RULES = {
  required: 'is required',
  tooShort: 'must be at least 2 characters',
  word: 'must be one or two words of letters or digits',
  meansWords: `must be at most ${MAX_MEANS_WORDS} words`,
} as const;

const text = (max: number) =>
  z
    .string({ error: SYNONYM_RULES.required })
    .trim()
    .min(1, { error: SYNONYM_RULES.required })
    .min(2, { error: SYNONYM_RULES.tooShort })
    .max(max, { error: `must be at most ${max} characters` });

/** Letters (with their marks, as Devanagari's vowel signs), digits, hyphens and apostrophes; one space between two words. */
export const SynonymWord = text(SYNONYM_WORD_MAX).regex(/^[\p{L}\p{M}\p{N}'’-]+( [\p{L}\p{M}\p{N}'’-]+)?$/u, { error: SYNONYM_RULES.word });

export const SynonymMeans = text(SYNONYM_MEANS_MAX).refine((m) => m.split(/\s+/).length <= MAX_MEANS_WORDS, { error: SYNONYM_RULES.meansWords });

export const PutSynonymBody = z.strictObject({ word: SynonymWord, means: SynonymMeans });
export type PutSynonymBody = z.infer<typeof PutSynonymBody>;

export const DeleteSynonymBody = z.strictObject({ word: SynonymWord });
export type DeleteSynonymBody = z.infer<typeof DeleteSynonymBody>;

/** A synonym as the list answers it. */
export interface Synonym {
  word: string;
  means: string;
}
