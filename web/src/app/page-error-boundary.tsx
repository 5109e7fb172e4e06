import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '../components/ui/alert.tsx';

interface State {
  failed: boolean;
}

/** Catches a page that fails to load or render (e.g. a chunk gone after a deployment): reload fixes it. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page">
        <h1>Something went wrong</h1>
        <Alert tone="error">The page could not be loaded.</Alert>
        <p>
          <a href={window.location.href}>Reload the page</a>
        </p>
      </main>
    );
  }
}
