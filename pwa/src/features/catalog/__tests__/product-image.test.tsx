import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, ProductImage } from '../components/product-image';

afterEach(cleanup);

describe('a product picture', () => {
  it('that cannot load (offline, never fetched) gives way to the neutral placeholder, once', () => {
    render(<ProductImage src="/uploads/abc-large.webp" alt="Mango juice" sizes="200px" />);
    const img = screen.getByRole<HTMLImageElement>('img', { name: 'Mango juice' });
    expect(img.getAttribute('src')).toBe('/uploads/abc-small.webp');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(img.getAttribute('srcset')).toBeNull();
    fireEvent.error(img); // the placeholder failing too leaves it be (no loop)
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });
});
