import type { RefObject } from 'react';
import { useTextAnimation, type TextStep } from '../../../lib/hooks/use-text-animation';

export interface TypewriterState {
  line: number;
  length: number;
  phase: 'typing' | 'pausing' | 'deleting';
}

/** docs/product.md#states and #rules-and-limits hero: type a line, pause, delete it twice as fast, then the next. */
export function typewriterStep(lines: readonly string[], typeMs: number, pauseMs: number) {
  return ({ line, length, phase }: TypewriterState): TextStep<TypewriterState> => {
    const full = lines[line]?.length ?? 0;
    // Each step changes the text, so no zero-delay steps (browsers clamp those to a few ms anyway).
    if (phase === 'typing') return { next: { line, length: Math.min(length + 1, full), phase: length + 1 >= full ? 'pausing' : 'typing' }, delay: typeMs };
    if (phase === 'pausing') return { next: { line, length: Math.max(length - 1, 0), phase: 'deleting' }, delay: pauseMs };
    return length > 0
      ? { next: { line, length: length - 1, phase }, delay: typeMs / 2 }
      : {
          next: { line: (line + 1) % lines.length, length: 1, phase: (lines[(line + 1) % lines.length]?.length ?? 0) <= 1 ? 'pausing' : 'typing' },
          delay: typeMs,
        };
  };
}

/** The first line starts fully typed, in its pause: it is what index.html's static first paint shows. */
export const firstLine = (lines: readonly string[]): TypewriterState => ({ line: 0, length: lines[0]?.length ?? 0, phase: 'pausing' });

export const typedText =
  (lines: readonly string[]) =>
  ({ line, length }: TypewriterState) =>
    (lines[line] ?? '').slice(0, length);

/** Animates the hero line inside `ref`; a new first line (the shopper signed in) starts over. */
export function useTypewriter(ref: RefObject<HTMLElement | null>, lines: readonly string[], typeMs: number, pauseMs: number): void {
  useTextAnimation(ref, firstLine(lines), typewriterStep(lines, typeMs, pauseMs), typedText(lines), lines.join('\n'));
}
