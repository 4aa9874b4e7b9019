import { Component, lazy, Suspense, type ComponentType, type JSX, type ReactNode } from 'react';

/** Holds a lazily loaded part's failure to itself: its code could not be loaded (offline, never seen here). */
class PartBoundary extends Component<{ children: ReactNode; failed: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

/** A part of a page loaded when drawn (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md): `loading`, then it or `failed`. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPart({ loading = null, failed = null, ...props }: P & { loading?: ReactNode; failed?: ReactNode }) {
    return (
      <PartBoundary failed={failed}>
        <Suspense fallback={loading}>
          <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </PartBoundary>
    );
  };
}
