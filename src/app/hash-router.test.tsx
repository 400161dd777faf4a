import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { AppHashRouter } from '@/app/hash-router';

let moveOnFirstRender: string | undefined;

function Where() {
  const { pathname } = useLocation();
  if (moveOnFirstRender) {
    // The address changes between the router's first render and its listening, with no event it hears.
    window.history.replaceState(null, '', `#${moveOnFirstRender}`);
    moveOnFirstRender = undefined;
  }
  return <p>at {pathname}</p>;
}

afterEach(() => window.history.replaceState(null, '', '#/'));

it('takes up an address that changed before the router listened', async () => {
  window.history.replaceState(null, '', '#/chain-bill/dashboard');
  moveOnFirstRender = '/chain-bill/account/security';
  render(
    <AppHashRouter>
      <Where />
    </AppHashRouter>,
  );
  expect(await screen.findByText('at /chain-bill/account/security')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/chain-bill/account/security');
});

it('stays on the address it started with when nothing moved', async () => {
  window.history.replaceState(null, '', '#/chain-bill/dashboard?tab=1');
  render(
    <AppHashRouter>
      <Where />
    </AppHashRouter>,
  );
  expect(await screen.findByText('at /chain-bill/dashboard')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/chain-bill/dashboard?tab=1');
});
