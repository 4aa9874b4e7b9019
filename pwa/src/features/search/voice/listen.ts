import type { RecognizerClass } from './recognizer';

/** Why listening ended without words: the microphone refused, nothing heard, no microphone, or anything else. */
export type Failure = 'denied' | 'noSpeech' | 'noMicrophone' | 'failed';

export interface Listener {
  heard(text: string): void;
  failed(reason: Failure): void;
  /** Listening is over, after heard, failed or a stop. */
  ended(): void;
}

const FAILURES: Record<string, Failure> = {
  'not-allowed': 'denied',
  'service-not-allowed': 'denied',
  'no-speech': 'noSpeech',
  'audio-capture': 'noMicrophone',
};

interface Result {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

/**
 * One utterance, heard in `lang` (en-IN or hi-IN): the words said, once the speaker pauses. `stop` ends it
 * unheard (an "aborted" error, which is no failure). Loaded when the microphone is first pressed.
 */
export function listen(Recognizer: RecognizerClass, lang: string, listener: Listener): { stop(): void } {
  const recognizer = new Recognizer();
  Object.assign(recognizer, { lang, continuous: false, interimResults: false, maxAlternatives: 1 });
  let settled = false;
  recognizer.addEventListener('result', (event) => {
    const said = Array.from((event as unknown as Result).results, (result) => result[0]?.transcript ?? '')
      .join(' ')
      .trim();
    settled = true;
    if (said) listener.heard(said);
    else listener.failed('noSpeech');
  });
  recognizer.addEventListener('error', (event) => {
    const code = (event as unknown as { error: string }).error;
    if (settled || code === 'aborted') return;
    settled = true;
    listener.failed(FAILURES[code] ?? 'failed');
  });
  recognizer.addEventListener('end', () => listener.ended());
  try {
    recognizer.start();
  } catch {
    listener.failed('failed');
    listener.ended();
  }
  return { stop: () => recognizer.abort() };
}
