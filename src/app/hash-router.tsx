import { useEffect, type ReactNode } from 'react';
import { createPath, HashRouter, useLocation, useNavigate } from 'react-router';

/**
 * The app's router: react-router's `HashRouter`, which reads the address when it first renders and hears
 * changes only once it listens, as its render commits. The app's first render runs in a transition, in
 * slices with the browser free between them, so an address changed in that gap (a link followed, the back
 * button, a tab told to open a page while the app starts) went unheard: the app drew one page under
 * another's address. Once listening, the router takes up the address if it moved.
 */
export function AppHashRouter({ children }: { children: ReactNode }) {
  return (
    <HashRouter>
      <FollowAddressOnStart />
      {children}
    </HashRouter>
  );
}

function FollowAddressOnStart() {
  const location = useLocation();
  const navigate = useNavigate();
  // A passive effect: it runs after HashRouter's layout effect has begun listening, so this navigation is heard.
  useEffect(() => {
    const address = window.location.hash.replace(/^#/, '') || '/';
    if (address !== createPath(location)) void navigate(address, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the router starts listening
  }, []);
  return null;
}
