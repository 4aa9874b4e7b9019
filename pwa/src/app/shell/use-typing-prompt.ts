import type { RefObject } from 'react';
import { useTextAnimation, type TextStep } from '../../lib/hooks/use-text-animation';

export interface PromptState {
  index: number;
  length: number;
}

/** docs/product.md#states: type each word, hold it whole, then the next, starting at its first character. */
export function typingPromptStep(words: readonly string[], typeMs: number, holdMs: number) {
  return ({ index, length }: PromptState): TextStep<PromptState> =>
    length >= (words[index]?.length ?? 0)
      ? { next: { index: (index + 1) % words.length, length: 1 }, delay: holdMs }
      : { next: { index, length: length + 1 }, delay: typeMs };
}

/** `format` puts the typed part in the shopper's language; English by default, as the static first paint. */
export const promptText =
  (words: readonly string[], format: (word: string) => string = (word) => `Search "${word}"`) =>
  ({ index, length }: PromptState) =>
    format((words[index] ?? '').slice(0, length));

/** The first word starts complete, as the static first paint (index.html) shows it. */
export const firstPrompt = (words: readonly string[]): PromptState => ({ index: 0, length: words[0]?.length ?? 0 });

/** Animates the search prompt's text inside `ref` (see useTextAnimation for why not React state). */
export function useTypingPrompt(
  ref: RefObject<HTMLElement | null>,
  words: readonly string[],
  typeMs: number,
  holdMs: number,
  format?: (word: string) => string,
  /** Starts over when this changes (the shopper's language). */
  restartKey?: unknown,
): void {
  useTextAnimation(ref, firstPrompt(words), typingPromptStep(words, typeMs, holdMs), promptText(words, format), restartKey);
}
