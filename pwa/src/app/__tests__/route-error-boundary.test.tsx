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
});
