import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { loadVoiceSearch } from '../../../features/search/public';
import { SearchBar } from '../search-bar';

const speech = globalThis as { webkitSpeechRecognition?: unknown };

afterEach(() => {
  delete speech.webkitSpeechRecognition;
});

// A first Tab is what loads the microphone's code (lib/ui/late-part.tsx): the prompt that Tab reached must keep the
// focus when the microphone comes in beside it, or the Enter that follows opens nothing.
it('keeps the focus on the search prompt when the microphone comes in beside it', async () => {
  speech.webkitSpeechRecognition = class extends EventTarget {};
  render(
    <MemoryRouter initialEntries={['/']}>
      <SearchBar narrow={false} />
    </MemoryRouter>,
  );
  const prompt = screen.getByTestId('search-prompt');
  expect(screen.queryByRole('button', { name: 'Search by voice' })).toBeNull();
  prompt.focus();
  await act(async () => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await loadVoiceSearch();
  });
  await act(() => Promise.resolve());
  expect(await screen.findByRole('button', { name: 'Search by voice' })).toBeTruthy();
  expect(screen.getByTestId('search-prompt')).toBe(prompt);
  expect(document.activeElement).toBe(prompt);
});
