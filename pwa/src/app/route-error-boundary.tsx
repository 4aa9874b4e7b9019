import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

interface State {
  error: Error | null;
}

/** docs/product.md#screens, Home: "Something went wrong: {message}" and Reload, one per route; offline, a page not saved says so. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error('Unknown error') };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="page page--narrow state-box" role="alert">
        {navigator.onLine ? (
          <h1>{i18n.t('common:crash', { message: error.message || i18n.t('common:unknownError') })}</h1>
        ) : (
          // A note, not a heading: the whole sentence in heading type filled a phone's screen.
          <p className="offline-note">{i18n.t('common:pageNotSaved')}</p>
        )}
        <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
          {i18n.t('common:update.reload')}
        </button>
      </section>
    );
  }
}
