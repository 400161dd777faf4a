import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { bindNavigate } from '@/lib/navigation';
import { startRequestIdRotation } from '@/lib/storage';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { createStore } from '@/app/store';
import { captureEntryLink } from '@/features/entry/model/entry-link';
import '@/app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

startRequestIdRotation();
// An entry link (?token=…, ?crToken=…) opens on its own route, with the credentials out of the address.
captureEntryLink();
const store = createStore();
const router = createAppRouter();
bindNavigate((to, options) => void router.navigate(to, options));

createRoot(container).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
