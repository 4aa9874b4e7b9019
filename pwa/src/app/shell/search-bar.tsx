import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { afterPageSettled } from '../../lib/device/after-page-settled';
import { loadVoiceSearch } from '../../features/search/public';
import { rememberSearchSoon } from '../../lib/device/recent-searches-soon';
import { latePart } from '../../lib/ui/late-part';
import { firstPrompt, promptText, useTypingPrompt } from './use-typing-prompt';
import { FIRST_PAINT_WORDS, loadSearchWords, searchWordsAtom } from './search-words';

let wordsAsked = false;
import { useTranslation } from '../../i18n/i18n';

function Magnifier() {
  return (
    <svg className="search-bar__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </svg>
  );
}

/** Everywhere but /search: a display-only prompt that leads to /search, typing what the shop sells (search-words.ts). */
function SearchPrompt() {
  const typed = useRef<HTMLSpanElement>(null);
  const { t, i18n } = useTranslation();
  const format = (word: string) => t('search.prompt', { word });
  const words = useAtomValue(searchWordsAtom) ?? FIRST_PAINT_WORDS;
  useEffect(() => {
    if (wordsAsked) return;
    wordsAsked = true;
    afterPageSettled(loadSearchWords);
  }, []);
  useTypingPrompt(typed, words, LIMITS.typingSpeedMs, LIMITS.suggestionHoldMs, format, `${i18n.language}:${words.join('|')}`);
  return (
    <Link to="/search" className="search-bar" data-testid="search-prompt">
      <Magnifier />
      {/* The accessible name keeps the visible words (WCAG label-in-name) and leads with what the link does. */}
      <span className="visually-hidden">{`${t('search.placeholder')}: `}</span>
      <span ref={typed} className="search-bar__prompt">
        {promptText(words, format)(firstPrompt(words))}
      </span>
    </Link>
  );
}

/** On /search: the editable input, focused and filled from q; every change moves the URL (docs/product.md#screens). */
function SearchInput({ showBack }: { showBack: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <div className="search-bar search-bar--input">
      {showBack ? (
        <Link to="/" className="search-bar__back" aria-label={t('search.back')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </Link>
      ) : (
        <Magnifier />
      )}
      <input
        type="search"
        autoFocus
        value={params.get('q') ?? ''}
        onChange={(e) => navigate(`/search?q=${encodeURIComponent(e.target.value)}`, { replace: true })}
        // Enter is a search the shopper meant: kept among the recent ones (docs/decisions/0227-the-empty-search-screen.md).
        onKeyDown={(e) => e.key === 'Enter' && void rememberSearchSoon(e.currentTarget.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        enterKeyHint="search"
      />
    </div>
  );
}

// The microphone (where the browser recognises speech) loads once the first screen has settled: a first visit's JS stays
// within its ceiling (docs/benchmarks.md "First visit weight"); until then the bar alone. It comes in beside the bar,
// whose element stays the same: a first Tab loads it, and the focus that Tab gave the bar must not be lost.
const VoiceSearchMic = latePart(loadVoiceSearch);

/**
 * docs/product.md#screens header search bar; under 768 px the search page shows a back arrow instead of the magnifier;
 * a microphone at its end where the browser recognises speech.
 */
export function SearchBar({ narrow }: { narrow: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="voice-search">
      {pathname === '/search' ? <SearchInput showBack={narrow} /> : <SearchPrompt />}
      <VoiceSearchMic />
    </div>
  );
}
