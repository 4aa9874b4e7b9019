import { describe, expect, it } from 'vitest';
import { firstPrompt, promptText, typingPromptStep, type PromptState } from '../use-typing-prompt';

describe('the search prompt types its words', () => {
  it('types a character at a time, holds the whole word, and never shows an empty Search ""', () => {
    const words = ['Earbuds', 'Books'];
    const step = typingPromptStep(words, 100, 2000);
    const text = promptText(words);
    let state: PromptState = firstPrompt(words);
    const seen: string[] = [text(state)];
    for (let i = 0; i < 12; i++) {
      state = step(state).next;
      seen.push(text(state));
    }
    expect(seen).toEqual([
      'Search "Earbuds"',
      'Search "B"',
      'Search "Bo"',
      'Search "Boo"',
      'Search "Book"',
      'Search "Books"',
      'Search "E"',
      'Search "Ea"',
      'Search "Ear"',
      'Search "Earb"',
      'Search "Earbu"',
      'Search "Earbud"',
      'Search "Earbuds"',
    ]);
    expect(step({ index: 0, length: 7 }).delay).toBe(2000);
    expect(step({ index: 0, length: 3 }).delay).toBe(100);
  });
});
