/**
 * In-app navigation for code outside React components (sign-in, logout, the request layer).
 * The app binds the router's navigate at start; until then the hash is set directly.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let boundNavigate: NavigateFn | null = null;

export function bindNavigate(navigate: NavigateFn | null): void {
  boundNavigate = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (boundNavigate) {
    boundNavigate(to, options);
    return;
  }
  if (options.replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
}
