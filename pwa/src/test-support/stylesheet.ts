import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Puts one of the app's stylesheets (a path under pwa/src) into the test's document, so jsdom's
 * getComputedStyle answers with its rules: vitest does not load the CSS a component imports. Returns the
 * remover. jsdom lays nothing out; a test reads the rules an element ends up with, not pixels.
 */
export function addStylesheet(path: string): () => void {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(process.cwd(), 'src', path), 'utf8'); // vitest runs in pwa/
  document.head.append(style);
  return () => style.remove();
}
