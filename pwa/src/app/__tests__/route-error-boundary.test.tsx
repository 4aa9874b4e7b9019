import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../route-error-boundary';

afterEach(cleanup);

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('route error boundary (docs/product.md#screens, Home, #errors)', () => {
  it('shows "Something went wrong: {message}" and a Reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    render(
      <RouteErrorBoundary>
        <Broken error={new Error('rows exploded')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong: rows exploded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says Unknown error when what was thrown has no message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary>
        <Broken error="nope" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong: Unknown error');
  });

  it("offline, says the page is not saved on this device (a page's code never loaded cannot open)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <RouteErrorBoundary>
        <Broken error={new TypeError('Failed to fetch dynamically imported module: /assets/about.page.js')} />
      </RouteErrorBoundary>,
    );
    // A note in body type (as the product page's offline state), not a heading-sized sentence.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('alert').querySelector('p.offline-note')?.textContent).toBe(
      'This page is not saved on this device yet. Connect to the internet to open it.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
