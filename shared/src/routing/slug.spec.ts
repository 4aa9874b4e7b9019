import { describe, expect, it } from 'vitest';
import { idFromSegment, listingPath, productPath, slugName } from './slug.js';

describe('route slugs (docs/product.md#screens)', () => {
  it('replaces spaces, commas and ampersands with hyphens', () => {
    expect(slugName('Toys, Games & Puzzles')).toBe('Toys-Games-Puzzles');
    expect(slugName('  Men T-shirts ')).toBe('Men-T-shirts');
  });

  it('takes the id after the last hyphen', () => {
    expect(idFromSegment('Men-T-shirts-01J9ZK')).toBe('01J9ZK');
    expect(idFromSegment('plain')).toBe('plain');
    expect(idFromSegment('trailing-')).toBeNull();
    expect(idFromSegment(undefined)).toBeNull();
  });

  it('builds product and listing paths whose ids round-trip', () => {
    const path = productPath({ _id: '01HX', name: 'boAt Airdopes 141, Black & Blue' });
    expect(path).toBe('/product/boAt-Airdopes-141-Black-Blue-01HX');
    expect(idFromSegment(path.split('/')[2])).toBe('01HX');
    expect(listingPath({ _id: 'C1', name: 'Books' }, { _id: 'S1', name: 'Kids & Teens' })).toBe('/Books-C1/Kids-Teens-S1');
  });
});
