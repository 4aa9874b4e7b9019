import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageMeta } from '../page-meta';

afterEach(cleanup);

const head = () => ({
  title: document.title,
  description: document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
  keywords: document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')?.content,
  canonical: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((l) => l.href),
  jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as unknown),
});

describe('PageMeta', () => {
  it("puts the page's title, description, keywords, canonical link and JSON-LD in the head, and takes them away with the page", () => {
    const page = render(
      <main>
        <PageMeta title="Watches" description="All watches" keywords="watch, time" canonicalPath="/Watches-C1" jsonLd={[{ '@type': 'ItemList' }]} />
      </main>,
    );
    expect(head()).toEqual({
      title: 'Watches | Haat',
      description: 'All watches',
      keywords: 'watch, time',
      canonical: [`${location.origin}/Watches-C1`],
      jsonLd: [{ '@type': 'ItemList' }],
    });
    // The next page says less: nothing of the one before stays behind.
    page.rerender(
      <main key="next">
        <PageMeta title="Cart | Haat" />
      </main>,
    );
    expect(head()).toEqual({
      title: 'Cart | Haat',
      description: undefined,
      keywords: undefined,
      canonical: [`${location.origin}${location.pathname}`],
      jsonLd: [],
    });
  });

  it("replaces index.html's own title and description (the first paint's) instead of adding a second of each", () => {
    document.head.insertAdjacentHTML(
      'afterbegin',
      '<title data-static-meta>Haat: first paint</title><meta data-static-meta name="description" content="The shop">',
    );
    render(<PageMeta title="Manage Categories" description="Admin panel to manage product categories" />);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect([...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((m) => m.content)).toEqual([
      'Admin panel to manage product categories',
    ]);
    expect(document.title).toBe('Manage Categories | Haat');
  });
});
