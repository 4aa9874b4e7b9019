import { createHash } from 'node:crypto';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import { t } from '../i18n/i18n.js';
import type { Unsubscribe } from './unsubscribe-links.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shop's look (pwa/src/app/styles/theme.css and layout.css): its colours, its font stack, its header. */
const STYLE = `:root{--brand:#0b6e35;--brand-dark:#08552a;--text:#1f2937;--muted:#4b5563;--line:#e5e7eb;color-scheme:light}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Devanagari','Nirmala UI',Mangal,sans-serif;color:var(--text);background:#f7f7f5;-webkit-text-size-adjust:100%}
body{margin:0;line-height:1.45}
a{color:var(--brand-dark)}
.header{background:#fff;border-bottom:1px solid var(--line)}
.row{max-width:1200px;margin:0 auto;padding:0 16px;display:flex;align-items:center;gap:16px;min-height:68px}
.logo{display:flex;align-items:center;gap:8px;text-decoration:none;color:var(--text)}
.logo b{font-size:1.4rem;font-weight:800;color:var(--brand)}
.language{margin-left:auto;display:inline-flex;align-items:center;min-height:44px;padding:6px 12px}
main{max-width:640px;margin:24px auto;padding:24px 16px;background:#fff;border:1px solid var(--line);border-radius:12px}
h1{font-size:1.4rem;line-height:1.2;margin:0 0 .5em}
p{margin:0 0 1em}
button{font:inherit;font-weight:700;min-height:48px;padding:10px 20px;border:0;border-radius:8px;background:var(--brand);color:#fff;cursor:pointer}
button:hover{background:var(--brand-dark)}
button:focus-visible,a:focus-visible{outline:3px solid var(--brand-dark);outline-offset:2px}
.links{display:flex;flex-wrap:wrap;gap:8px 24px;margin:1.5em 0 0;padding:0;list-style:none}`;

/**
 * The page's own Content-Security-Policy, in place of the /api answers' one (docs/decisions/0039-security-headers.md):
 * no script at all, its one style block by hash, and its form may post only to this origin. Not `sandbox allow-forms`:
 * a sandboxed page has an opaque origin, so its POST would leave as a cross-origin one from "null" and the shop's own
 * fonts and images would need CORS; form-action 'self' lets this one form work in every browser and nothing else run.
 */
export const UNSUBSCRIBE_PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The basket mark, as the shop's header draws it (pwa/src/app/shell/header.tsx). */
const LOGO = `<svg viewBox="0 0 512 512" width="40" height="40" aria-hidden="true"><rect width="512" height="512" rx="110" fill="#0b6e35"/><path d="M150 210 C150 120 362 120 362 210" fill="none" stroke="#f8cb46" stroke-width="30" stroke-linecap="round"/><path d="M96 212 H416 L380 398 Q374 420 352 420 H160 Q138 420 132 398 Z" fill="#f8cb46"/><path d="M176 250 V380 M256 250 V380 M336 250 V380" stroke="#0b6e35" stroke-width="22" stroke-linecap="round"/></svg>`;

export interface UnsubscribePageInput {
  language: Language;
  what: Unsubscribe;
  /** The link's own query (u, t, c, s), so the other language's page and the form keep it. */
  query: URLSearchParams;
  /** The shop's address (PUBLIC_URL): its home and My Profile's notices are linked from the page. */
  shop: string;
  /** Whether the switch is off now (the POST's answer) or the page only asks (the GET's). */
  stopped: boolean;
}

/**
 * The page a mail's unsubscribe link opens (docs/product.md#notices-and-consent), as a page of the shop: its header
 * with a way back, the ask and its button (the form posts to this very link, as the mail program's one click does),
 * or once stopped, what was stopped and where to turn it on again; in the account's language, the other one a tap away.
 */
export function unsubscribePage({ language, what, query, shop, stopped }: UnsubscribePageInput): string {
  const tr = (key: string, values: Record<string, string> = {}) => escape(t(language, `notices.page.${key}`, values));
  const words = { topic: t(language, `notices.topic.${what.topic}`), channel: t(language, `notices.channel.${what.channel}`) };
  const other = LANGUAGES.find((l) => l !== language)!;
  const withLanguage = (lng: Language) => {
    const q = new URLSearchParams(query);
    q.set('lang', lng);
    return `?${q.toString()}`;
  };
  const body = stopped
    ? `<h1>${tr('stoppedTitle')}</h1>
<p role="status">${escape(t(language, 'notices.stopped', words))}</p>
<p>${tr('turnOnAgain', { channel: words.channel })}</p>`
    : `<h1>${escape(t(language, 'notices.confirmStop', words))}</h1>
<p>${tr('explain', words)}</p>
<form method="post" action="${escape(withLanguage(language))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(t(language, 'notices.stopButton'))}</button></form>`;
  return `<!doctype html>
<html lang="${language.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${tr(stopped ? 'stoppedTitle' : 'title')} · Haat</title><style>${STYLE}</style></head>
<body><header class="header"><div class="row"><a class="logo" href="${escape(shop)}/">${LOGO}<b>Haat</b></a>
<a class="language" href="${escape(withLanguage(other))}" lang="${other.slice(0, 2)}" hreflang="${other}">${escape(t(other, 'notices.page.languageName'))}</a></div></header>
<main>${body}
<ul class="links"><li><a href="${escape(shop)}/dashboard/profile#notices">${tr('settings')}</a></li><li><a href="${escape(shop)}/">${tr('backToShop')}</a></li></ul>
</main></body></html>`;
}
