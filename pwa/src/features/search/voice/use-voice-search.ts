import { useCallback, useEffect, useRef, useState } from 'react';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { useTranslation } from '../../../i18n/i18n';
import type { RecognizerClass } from './recognizer';

/** Long enough for any utterance: the recogniser ends by itself after a pause, and its end replaces the message. */
const LISTENING_MS = 60_000;

/**
 * Voice search's state (docs/product.md#screens): `start` listens in the screen's language and hands the words
 * said to `searchFor`; the header's message line (a polite live region) says "Listening…", then what was heard
 * or why nothing was; Escape or `stop` ends listening. The recogniser's code loads at the first press.
 */
export function useVoiceSearch(Recognizer: RecognizerClass, searchFor: (text: string) => void) {
  const { t, i18n } = useTranslation();
  const [listening, setListening] = useState(false);
  const session = useRef<{ stop(): void } | null>(null);
  const stop = useCallback(() => session.current?.stop(), []);

  const start = useCallback(async () => {
    if (session.current) return;
    session.current = { stop: () => undefined };
    setListening(true);
    showHeaderMessage(t('search.voice.listening'), LISTENING_MS);
    let outcome = false;
    const { listen } = await import('./listen');
    session.current = listen(Recognizer, i18n.language, {
      heard: (text) => {
        outcome = true;
        showHeaderMessage(t('search.voice.heard', { text }));
        searchFor(text);
      },
      failed: (reason) => {
        outcome = true;
        showHeaderMessage(t(`search.voice.${reason}`));
      },
      ended: () => {
        if (!outcome) showHeaderMessage(t('search.voice.stopped'));
        session.current = null;
        setListening(false);
      },
    });
  }, [Recognizer, i18n.language, searchFor, t]);

  useEffect(() => {
    if (!listening) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && stop();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [listening, stop]);
  // Leaving the page (the bar unmounted) stops listening.
  useEffect(() => {
    return () => stop();
  }, [stop]);

  return { listening, start, stop };
}
