import { Component, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { commonMessages } from '@/locales/zh-CN/common';
import { routeMessages } from '@/locales/zh-CN/route';
import { isChunkLoadError } from '@/utils/lazy-chunk';
import { PlainButton, plainButtonClass } from '@/components/plain-controls/plain-button';

/** What shows while a lazy page loads on the first visit. */
export function RouteLoading() {
  return (
    <div className="app-boot" role="status" aria-live="polite">
      {commonMessages.loading}
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
  const text = isChunkFailure(error) ? routeMessages.chunkLoadError : routeMessages.routeError;
  return (
    <div className="app-boot" role="alert">
      <span>{text}</span>
      <span>
        <PlainButton variant="primary" onClick={() => window.location.reload()}>
          {commonMessages.reload}
        </PlainButton>{' '}
        <a className={plainButtonClass()} href={`#${paths.root}`}>
          {commonMessages.backHome}
        </a>
      </span>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  /** The page's address: navigating elsewhere clears a shown failure. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  /** The address the failure happened at. */
  failedAt: string | null;
}

/**
 * Catches a page that failed to load or render, so the rest of the app stays usable. Navigating away
 * clears the failure without remounting what it wraps: the signed-in frame keeps its state (socket,
 * dialogs, notices) from page to page.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (state.error === null) return state.failedAt === props.pathname ? null : { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: props.pathname };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
