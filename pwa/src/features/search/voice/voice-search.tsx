import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n/i18n';
import { rememberSearch } from '../../../lib/device/recent-searches';
import { recognizerClass, type RecognizerClass } from './recognizer';

/**
 * The microphone at the search bar's end where the browser recognises speech (docs/product.md#screens); elsewhere
 * nothing. The search bar loads this once the first screen has settled, beside the bar: the bar itself is never
 * drawn again, so a shopper who tabbed to it keeps the focus.
 */
export function VoiceSearchMic() {
  const Recognizer = recognizerClass();
  return Recognizer ? <VoiceSearchButton Recognizer={Recognizer} /> : null;
}

/**
 * The microphone: a toggle button (pressed while listening; a second press or Escape stops). What listening
 * does loads at the first press (voice-session.ts), so a first visit carries only this button. The words
 * heard are searched as if typed, kept among recent searches, and focus goes to the search field.
 */
function VoiceSearchButton({ Recognizer }: { Recognizer: RecognizerClass }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onSearch = useLocation().pathname === '/search';
  const button = useRef<HTMLButtonElement>(null);
  const session = useRef<{ stop(): void } | null>(null);
  const [listening, setListening] = useState(false);
  const searchFor = useCallback(
    (text: string) => {
      rememberSearch(text);
      navigate(`/search?q=${encodeURIComponent(text)}`, { replace: onSearch });
      requestAnimationFrame(() => button.current?.parentElement?.querySelector('input')?.focus());
    },
    [navigate, onSearch],
  );
  const press = async () => {
    if (session.current) return session.current.stop();
    setListening(true);
    session.current = { stop: () => undefined }; // a second press while the code loads does nothing
    const { startVoiceSession } = await import('./voice-session');
    session.current = startVoiceSession({
      Recognizer,
      searchFor,
      done: () => {
        session.current = null;
        setListening(false);
      },
    });
  };
  // Leaving the page (the bar unmounted) stops listening.
  useEffect(() => {
    return () => session.current?.stop();
  }, []);
  return (
    <button
      ref={button}
      type="button"
      className={`voice-search__mic${listening ? ' voice-search__mic--on' : ''}`}
      aria-label={t('voice:start')}
      aria-pressed={listening}
      data-testid="voice-search"
      onClick={() => void press()}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <rect x="9" y="3" width="6" height="11" rx="3" />
        <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      </svg>
    </button>
  );
}
