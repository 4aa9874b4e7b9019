/**
 * The browser's speech recogniser (the Web Speech API's SpeechRecognition, webkit-prefixed in Chrome and
 * Safari), as much of it as voice search uses; undefined where the browser has none (docs/product.md#screens).
 */
export interface Recognizer extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  abort(): void;
}

export type RecognizerClass = new () => Recognizer;

export function recognizerClass(): RecognizerClass | undefined {
  const speech = globalThis as { SpeechRecognition?: RecognizerClass; webkitSpeechRecognition?: RecognizerClass };
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition;
}
