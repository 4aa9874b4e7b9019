import { ProductDetailsBody, ProductsByCategoryAndSubBody } from '@haat/shared/catalog/product.schema';
import type { Product } from '@haat/shared/catalog/catalog.types';
import type { ProductsController } from './products.controller.js';

/** The first product pictures of a page: the gallery's main picture, or the first cards of a listing. */
export interface FirstPictures {
  kind: 'product' | 'grid';
  images: string[];
}

// The same srcset and sizes as the PWA's ProductImage on the product page and on a product card, so the
// browser uses the preloaded file for the <img> React renders later (pwa/index.html does the same).
const SIZES = { product: '(max-width: 767px) 100vw, 560px', grid: '(max-width: 575px) 50vw, (max-width: 991px) 33vw, 240px' } as const;
const LARGE = /-large\.webp$/;
/** The listing's first page as the PWA asks for it (index.html's early request), so both share one cache entry. */
const LISTING_PAGE = { page: 1, limit: 12 };

/** How long a page waits for its pictures' read (a cached read takes well under a millisecond). */
const WAIT_MS = 250;

const idOf = (segment: string) => segment.slice(segment.lastIndexOf('-') + 1);

/**
 * Which product pictures a page address shows first (docs/decisions/0054-storefront-frame-and-first-paint.md):
 * /product/<slug>-<id> its first picture, /<category>-<id>/<sub>-<id> its first
 * two. Read through the controller's own cached answers (the page asks the same a moment later); any
 * other address, an unknown id or a failed read gives null and the page is sent as it is.
 */
export function firstPictures(products: ProductsController, url: string): Promise<FirstPictures | null> {
  // A slow database must not hold the page back: after WAIT_MS it goes without (the inline script draws them).
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, WAIT_MS, null)));
  return Promise.race([read(products, url), late]).finally(() => clearTimeout(timer));
}

async function read(products: ProductsController, url: string): Promise<FirstPictures | null> {
  try {
    const path = url.split('?')[0] ?? '/';
    const seg = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (seg.length !== 2) return null;
    if (seg[0] === 'product') {
      const body = ProductDetailsBody.safeParse({ productId: idOf(seg[1]!) });
      if (!body.success) return null;
      const { data } = (await products.details(body.data)) as { data?: Product };
      return pictures('product', data ? [data] : []);
    }
    if (seg[0] === 'dashboard' || !seg[0]!.includes('-') || !seg[1]!.includes('-')) return null;
    const body = ProductsByCategoryAndSubBody.safeParse({ categoryId: idOf(seg[0]!), subCategoryId: idOf(seg[1]!), ...LISTING_PAGE });
    if (!body.success) return null;
    const { data } = (await products.byCategoryAndSub(body.data)) as { data?: Product[] };
    return pictures('grid', (data ?? []).slice(0, 2));
  } catch {
    return null; // not found, bad input, database trouble: the page still loads and asks for itself
  }
}

function pictures(kind: FirstPictures['kind'], items: Product[]): FirstPictures | null {
  const images = items.map((p) => p.image?.[0]).filter((src): src is string => typeof src === 'string' && src.startsWith('/uploads/'));
  return images.length ? { kind, images } : null;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the pictures preloaded from its <head> and drawn into the static shell's #boot-first
 * (the markup pwa/index.html's inline script would otherwise draw once its early request answers): the
 * page's largest picture starts downloading with the stylesheets and paints before any script has run.
 */
export function withFirstPictures(html: string, first: FirstPictures | null): string {
  if (!first || !html.includes('<div id="boot-first"')) return html;
  const sizes = SIZES[first.kind];
  const srcset = (src: string) => (LARGE.test(src) ? `${src.replace(LARGE, '-small.webp')} 400w, ${src} 1200w` : '');
  const preloads = first.images
    .map((src) =>
      srcset(src)
        ? `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${attr(srcset(src))}" imagesizes="${sizes}">`
        : `<link rel="preload" as="image" fetchpriority="high" href="${attr(src)}">`,
    )
    .join('');
  const side = first.kind === 'product' ? 600 : 400;
  // A card is the PWA's own card box and picture frame (product-card.css); the gallery's picture has its own.
  const framed = (img: string) =>
    first.kind === 'product'
      ? `<span class="boot-first__picture">${img}</span>`
      : `<span class="product-card"><span class="product-card__media">${img}</span></span>`;
  const images = first.images
    .map((src) => {
      const set = srcset(src);
      return framed(
        `<img alt="" width="${side}" height="${side}" fetchpriority="high" src="${attr(set ? src.replace(LARGE, '-small.webp') : src)}"${set ? ` srcset="${attr(set)}" sizes="${sizes}"` : ''}>`,
      );
    })
    .join('');
  const shell = `<div class="${first.kind === 'product' ? 'boot-first__product' : 'boot-first__grid product-grid'}">${images}</div>`;
  const withPreloads = html.replace('</title>', `</title>${preloads}`);
  return withPreloads.replace(/(<div id="boot-first"[^>]*>)(<\/div>)/, `$1${shell}$2`);
}
