import { i18n } from '../../../i18n/i18n';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { listen } from './listen';
import type { RecognizerClass } from './recognizer';

/** Long enough for any utterance: the recogniser ends by itself after a pause, and its end replaces the message. */
const LISTENING_MS = 60_000;

export interface VoiceSession {
  Recognizer: RecognizerClass;
  /** Searches the words heard as if typed. */
  searchFor: (text: string) => void;
  /** Listening is over (heard, failed or stopped). */
  done: () => void;
}

/**
 * One turn of voice search (docs/product.md#screens), loaded at the microphone's first press: listens in the
 * screen's language (en-IN or hi-IN) and hands the words said to `searchFor`; the header's message line (a
 * polite live region) says "Listening…", then what it searches or why it heard nothing; Escape stops it.
 */
export function startVoiceSession({ Recognizer, searchFor, done }: VoiceSession): { stop(): void } {
  showHeaderMessage(i18n.t('voice:listening'), LISTENING_MS);
  let told = false;
  const say = (text: string) => {
    told = true;
    showHeaderMessage(text);
  };
  const onKey = (e: KeyboardEvent) => e.key === 'Escape' && session.stop();
  document.addEventListener('keydown', onKey);
  const session = listen(Recognizer, i18n.language, {
    heard: (text) => {
      say(i18n.t('voice:heard', { text }));
      searchFor(text);
    },
    failed: (reason) => say(i18n.t(`voice:${reason}`)),
    ended: () => {
      document.removeEventListener('keydown', onKey);
      if (!told) showHeaderMessage(i18n.t('voice:stopped'));
      done();
    },
  });
  return session;
}
