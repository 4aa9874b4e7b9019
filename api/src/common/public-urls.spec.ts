import { publicUrls } from './public-urls.js';

const product = () => ({
  _id: 'p1',
  name: 'Kettle',
  image: ['/uploads/a-large.webp', 'https://elsewhere.example/b.webp'],
  category: [{ _id: 'c', name: 'Home' }],
});

describe('publicUrls', () => {
  const urls = publicUrls('https://shop.example');

  it('answers stored pictures as absolute URLs, copying only what changes, and stores them as paths again', () => {
    const stored = product();
    const answered = urls.toAbsolute({ data: [stored], total: 1 }) as { data: Array<ReturnType<typeof product>> };
    expect(answered.data[0]!.image).toEqual(['https://shop.example/uploads/a-large.webp', 'https://elsewhere.example/b.webp']);
    expect(stored.image[0]).toBe('/uploads/a-large.webp');
    expect(answered.data[0]!.category).toBe(stored.category);
    expect(urls.toStored(answered.data[0])).toEqual(stored);
  });
});
