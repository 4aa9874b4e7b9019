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

/**
 * Per-page title, description, keywords, canonical link and JSON-LD (docs/product.md#screens, Home and
 * Product detail). React hoists <title>, <meta> and <link> into the document's head wherever they are
 * rendered, and removes them with the page (docs/decisions/0097-page-meta-by-react.md); it leaves
 * inline scripts where they are, so the JSON-LD goes to the head through a portal. The page's own
 * title and description replace index.html's (marked data-static-meta, for the first paint and pages
 * read without JavaScript): React adds tags beside them and would leave two.
 */
export function PageMeta({ title, description, keywords, canonicalPath, jsonLd }: PageMetaProps) {
  useEffect(() => {
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
