import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
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

interface NavigationErrorBoundaryProps {
  /** The navigation that shows the page (the location's key): any navigation clears a shown failure. */
  navigation: string;
  children: ReactNode;
}

interface NavigationErrorBoundaryState {
  error: unknown;
  /** The navigation the failure happened in. */
  failedIn: string | null;
}

/**
 * Catches a page that failed to load or render, so the rest of the app stays usable. The user's next
 * navigation clears the failure, also one to the same address (the menu item of the page shown, another
 * tab of it), without remounting what it wraps: the signed-in frame keeps its state (socket, dialogs,
 * notices) from page to page.
 */
class NavigationErrorBoundary extends Component<NavigationErrorBoundaryProps, NavigationErrorBoundaryState> {
  override state: NavigationErrorBoundaryState = { error: null, failedIn: null };

  static getDerivedStateFromError(error: unknown): Partial<NavigationErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: NavigationErrorBoundaryProps,
    state: NavigationErrorBoundaryState,
  ): Partial<NavigationErrorBoundaryState> | null {
    if (state.failedIn === props.navigation) return null;
    return state.error === null
      ? { failedIn: props.navigation }
      : { error: null, failedIn: props.navigation };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The router's pages inside a failure boundary that the user's next navigation clears. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <NavigationErrorBoundary navigation={key}>{children}</NavigationErrorBoundary>;
}
