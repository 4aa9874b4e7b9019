import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVoiceSearch } from '../../../features/search/public';
import { clearRecentSearches, recentSearchesAtom } from '../../../lib/device/recent-searches';
import { setLanguage } from '../../../i18n/i18n';
import { headerMessageAtom } from '../../../lib/ui/header-message';
import { HeaderMessage } from '../header';
import { SearchBar } from '../search-bar';

/**
 * A stand-in for the browser's speech recogniser, installed on window as Chrome's webkitSpeechRecognition:
 * it records how it was set up and lets the test say what the "microphone" heard, as result, error and end events.
 */
class StandInRecognizer extends EventTarget {
  static last: StandInRecognizer | undefined;
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  started = false;
  aborted = false;
  constructor() {
    super();
    StandInRecognizer.last = this;
  }
  start() {
    this.started = true;
  }
  abort() {
    this.aborted = true;
    this.fail('aborted');
  }
  say(transcript: string) {
    this.dispatchEvent(Object.assign(new Event('result'), { results: [[{ transcript, confidence: 0.9 }]] }));
    this.dispatchEvent(new Event('end'));
  }
  fail(error: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { error }));
    this.dispatchEvent(new Event('end'));
  }
}

const speech = globalThis as { webkitSpeechRecognition?: unknown; SpeechRecognition?: unknown };

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="url">{pathname + search}</output>;
}

/** The bar at `url`, with its late part (the microphone's code) loaded: a first key loads it, as in the browser. */
async function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <SearchBar narrow={false} />
      <HeaderMessage />
      <Where />
    </MemoryRouter>,
  );
  fireEvent.keyDown(window, { key: 'Shift' });
  await act(() => loadVoiceSearch());
  await act(() => Promise.resolve()); // the late part's own load settles in the same turn
}

/** Presses the microphone and waits for the recogniser's code to load and start listening. */
async function listen(name = 'Search by voice'): Promise<StandInRecognizer> {
  StandInRecognizer.last = undefined;
  fireEvent.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(StandInRecognizer.last?.started).toBe(true));
  return StandInRecognizer.last!;
}

const message = () => document.querySelector('.header-message[aria-live="polite"]')!.textContent;

afterEach(async () => {
  cleanup();
  delete speech.webkitSpeechRecognition;
  delete speech.SpeechRecognition;
  clearRecentSearches();
  getDefaultStore().set(headerMessageAtom, null);
  await setLanguage('en-IN', false);
});

describe('voice search in the search bar (docs/product.md#screens)', () => {
  it('has no microphone where the browser has no speech recognition', async () => {
    await renderAt('/');
    expect(screen.getByTestId('search-prompt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search by voice' })).toBeNull();
  });

  it('searches the words heard as if typed, in English (India), saying "Listening…" and then what it searches', async () => {
    speech.webkitSpeechRecognition = StandInRecognizer;
    await renderAt('/');
    const mic = await screen.findByRole('button', { name: 'Search by voice' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    const recognizer = await listen();
    expect(recognizer).toMatchObject({ lang: 'en-IN', continuous: false, interimResults: false, maxAlternatives: 1 });
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(message()).toBe('Listening…');
    act(() => recognizer.say('steel tiffin box'));
    expect(screen.getByTestId('url').textContent).toBe('/search?q=steel%20tiffin%20box');
    expect(message()).toBe('Searching for “steel tiffin box”');
    expect(getDefaultStore().get(recentSearchesAtom)[0]).toBe('steel tiffin box');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox')));
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('steel tiffin box');
    expect(screen.getByRole('button', { name: 'Search by voice' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('listens in Hindi on a Hindi screen, the standard SpeechRecognition too', async () => {
    await setLanguage('hi-IN', false);
    speech.SpeechRecognition = StandInRecognizer;
    await renderAt('/search?q=');
    const recognizer = await listen('बोलकर खोजें');
    expect(recognizer.lang).toBe('hi-IN');
    expect(message()).toBe('सुन रहे हैं…');
    act(() => recognizer.say('पानी की बोतल'));
    expect(screen.getByTestId('url').textContent).toBe(`/search?q=${encodeURIComponent('पानी की बोतल')}`);
    expect(message()).toBe('“पानी की बोतल” खोज रहे हैं');
  });

  it('says the microphone is blocked when permission is refused, and searches nothing', async () => {
    speech.webkitSpeechRecognition = StandInRecognizer;
    await renderAt('/');
    const recognizer = await listen();
    act(() => recognizer.fail('not-allowed'));
    expect(message()).toBe("The microphone is blocked. Allow it in the browser's site settings to search by voice.");
    expect(screen.getByTestId('url').textContent).toBe('/');
    act(() => (StandInRecognizer.last = undefined));
    const again = await listen();
    act(() => again.fail('no-speech'));
    expect(message()).toBe('Nothing was heard. Press the microphone and speak again.');
  });

  it('stops listening on Escape, or on a second press, and says so', async () => {
    speech.webkitSpeechRecognition = StandInRecognizer;
    await renderAt('/');
    const recognizer = await listen();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(recognizer.aborted).toBe(true);
    expect(message()).toBe('Stopped listening.');
    expect(screen.getByRole('button', { name: 'Search by voice' }).getAttribute('aria-pressed')).toBe('false');
    const second = await listen();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search by voice' }));
    });
    expect(second.aborted).toBe(true);
    expect(screen.getByTestId('url').textContent).toBe('/');
  });
});
