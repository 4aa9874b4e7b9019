import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** `[label](href)` or `*word*` inside a text. */
const MARK = /\[([^\]]+)\]\(([^)\s]+)\)|\*([^*]+)\*/g;

/** A translated text with its `[links](/path)` and `*emphasis*`, where each language needs them (docs/decisions/0100-the-pwas-texts.md). */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const [, label, href, em] = m;
    if (em !== undefined) parts.push(<em key={m.index}>{em}</em>);
    else if (href!.startsWith('/'))
      parts.push(
        <Link key={m.index} to={href!}>
          {label}
        </Link>,
      );
    else
      parts.push(
        <a key={m.index} href={href}>
          {label}
        </a>,
      );
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
