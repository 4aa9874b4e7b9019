import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL (origin added here); defaults to the current path without query. */
  canonicalPath?: string;
  /** Structured data blocks (schema.org), written as <script type="application/ld+json">. */
  jsonLd?: object[];
}

function setMeta(name: string, content: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) return;
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

function setCanonical(href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.append(el);
  }
  el.href = href;
}

/** One pattern for every tab: "Manage Categories | Haat" (the home page's own "Haat | …" stays). */
export function pageTitle(title: string): string {
  return /^Haat\b|\| Haat$/.test(title) ? title : `${title} | Haat`;
}

/** Per-page title, description, keywords, canonical link and JSON-LD (docs/product.md#screens, Home and Product detail). */
export function usePageMeta({ title, description, keywords, canonicalPath, jsonLd }: PageMeta): void {
  const ld = jsonLd ? JSON.stringify(jsonLd) : '';
  useEffect(() => {
    document.title = pageTitle(title);
    setMeta('description', description);
    setMeta('keywords', keywords);
    setCanonical(new URL(canonicalPath ?? location.pathname, location.origin).href);
    const scripts = ld
      ? (JSON.parse(ld) as object[]).map((block) => {
          const s = document.createElement('script');
          s.type = 'application/ld+json';
          s.textContent = JSON.stringify(block);
          document.head.append(s);
          return s;
        })
      : [];
    return () => scripts.forEach((s) => s.remove());
  }, [title, description, keywords, canonicalPath, ld]);
}
