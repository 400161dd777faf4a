import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from '@/config/paths';
import { getAuthInfo, startRequestIdRotation } from '@/lib/storage';
import { AppHashRouter } from '@/app/hash-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, signedInFirstScreenLoaded } from '@/app/router';
import { createStore } from '@/app/store';
import { captureEntryLink } from '@/features/entry/model/entry-link';
import '@/app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

startRequestIdRotation();
// An entry link (?token=…, ?crToken=…) opens on its own route, with the credentials out of the address.
captureEntryLink();
// The signed-in root opens on the dashboard: going there before the first render spares the index
// route's redirect, a second render of the frame before the dashboard's first paint.
if (getAuthInfo() && ['', '#', '#/'].includes(window.location.hash)) {
  window.history.replaceState(window.history.state, '', `#${paths.dashboard}`);
}
const store = createStore();

const root = createRoot(container);
// In a transition, React renders in slices of a few milliseconds, yielding to the browser between them,
// instead of one long task (the signed-in frame and dashboard took about 75 ms on a fast desktop).
void signedInFirstScreenLoaded().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider store={store}>
          <AppHashRouter>
            <AppRoutes />
          </AppHashRouter>
        </AppProvider>
      </StrictMode>,
    ),
  ),
);
