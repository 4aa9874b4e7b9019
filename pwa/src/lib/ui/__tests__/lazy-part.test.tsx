import type { JSX } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../lazy-part';

afterEach(cleanup);

describe('a part of a page loaded when drawn (lazyPart)', () => {
  it('shows its loading text, then the part with its props', async () => {
    let resolve = (_: (p: { name: string }) => JSX.Element) => {};
    const Part = lazyPart<{ name: string }>(() => new Promise((r) => (resolve = r)));
    render(<Part name="Asha" loading={<p>Loading…</p>} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    resolve(({ name }) => <p>Hello {name}</p>);
    expect(await screen.findByText('Hello Asha')).toBeTruthy();
  });

  it('offline, when its code cannot be loaded, says so in its place and the rest of the page stands', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazyPart<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>Product</h1>
        <Part failed={<p>Writing a review needs the network.</p>} />
      </main>,
    );
    expect(await screen.findByText('Writing a review needs the network.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Product' })).toBeTruthy();
  });
});
