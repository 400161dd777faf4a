import { Component, type ReactNode } from 'react';
import Button from 'antd/es/button';
import { paths } from '@/config/paths';
import { messages } from '@/locales/zh-CN';
import { isChunkLoadError } from '@/utils/lazy-chunk';

/** What shows while a lazy page loads on the first visit. */
export function RouteLoading() {
  return (
    <div className="app-boot" role="status" aria-live="polite">
      {messages.common.loading}
    </div>
  );
}

/** A chunk that could not load (spec section 8) is told apart from the other failures of a page. */
function isChunkFailure(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
}

export function RouteError({ error }: { error: unknown }) {
  const text = isChunkFailure(error) ? messages.app.chunkLoadError : messages.app.routeError;
  return (
    <div className="app-boot" role="alert">
      <span>{text}</span>
      <span>
        <Button type="primary" onClick={() => window.location.reload()}>
          {messages.common.reload}
        </Button>{' '}
        <Button href={`#${paths.root}`}>{messages.common.backHome}</Button>
      </span>
    </div>
  );
}

/** Catches a page that failed to load or render, so the rest of the app stays usable. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
