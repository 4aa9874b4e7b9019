import { useEffect } from 'react';
import { createPortal } from 'react-dom';

export interface PageMetaProps {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL (origin added here); defaults to the current path without query. */
  canonicalPath?: string;
  /** Structured data blocks (schema.org), written as <script type="application/ld+json">. */
  jsonLd?: object[];
}

/** One pattern for every tab: "Manage Categories | Haat" (the home page's own "Haat | …" stays). */
export function pageTitle(title: string): string {
  return /^Haat\b|\| Haat$/.test(title) ? title : `${title} | Haat`;
}

/** Per-page title, description, canonical link and JSON-LD, hoisted by React (docs/decisions/0097-page-meta-by-react.md). */
export function PageMeta({ title, description, keywords, canonicalPath, jsonLd }: PageMetaProps) {
  useEffect(() => {
    // index.html's own, for the first paint: React's would stand beside them.
    for (const tag of document.head.querySelectorAll('[data-static-meta]')) tag.remove();
  }, []);
  return (
    <>
      <title>{pageTitle(title)}</title>
      {description !== undefined && <meta name="description" content={description} />}
      {keywords !== undefined && <meta name="keywords" content={keywords} />}
      <link rel="canonical" href={new URL(canonicalPath ?? location.pathname, location.origin).href} />
      {jsonLd &&
        createPortal(
          jsonLd.map((block, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(block) }} />),
          document.head,
        )}
    </>
  );
}
