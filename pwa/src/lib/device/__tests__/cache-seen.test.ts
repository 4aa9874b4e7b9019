import { describe, expect, it } from 'vitest';
import { seenUrls } from '../cache-seen';

describe('seenUrls', () => {
  it('keeps the same-origin code, styles and banners a page loaded, and nothing else', () => {
    const origin = 'https://haat.example';
    const names = [
      `${origin}/assets/db-DdTg9jSg.js`,
      `${origin}/assets/hi-IN-CoYGTME9.js`,
      `${origin}/assets/product-BfrDUoa4.css`,
      `${origin}/banners/festive-600.webp`,
      `${origin}/uploads/p/abc-400.webp`,
      `${origin}/api/category/get`,
      `${origin}/index.html`,
      `${origin}/assets/nested/x.js`,
      'https://cdn.example/assets/vendor-x.js',
    ];
    expect(seenUrls(names, origin)).toEqual(names.slice(0, 4));
  });
});
