import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useNavigateUnlessMoved } from '@/app/shell/use-navigate-unless-moved';

let finish: (() => void) | undefined;

function Page() {
  const { pathname } = useLocation();
  const begin = useNavigateUnlessMoved();
  const start = () => {
    const go = begin();
    finish = () => go('/dashboard');
  };
  return (
    <>
      <p>at {pathname}</p>
      <button onClick={start}>switch</button>
    </>
  );
}

const routes = ['/security', '/other', '/dashboard'].map((path) => ({ path, element: <Page /> }));

it('lands where the work was meant to land when the user stayed put', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/security'] });
  render(<RouterProvider router={router} />);
  act(() => screen.getByRole('button', { name: 'switch' }).click());
  act(() => finish!());
  expect(await screen.findByText('at /dashboard')).toBeInTheDocument();
});

it('leaves a user who opened another page meanwhile on that page', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/security'] });
  render(<RouterProvider router={router} />);
  act(() => screen.getByRole('button', { name: 'switch' }).click());
  await act(() => router.navigate('/other'));
  expect(await screen.findByText('at /other')).toBeInTheDocument();
  act(() => finish!());
  expect(screen.getByText('at /other')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/other');
});

it('counts a second visit of the same page as moving', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/security'] });
  render(<RouterProvider router={router} />);
  act(() => screen.getByRole('button', { name: 'switch' }).click());
  await act(() => router.navigate('/security'));
  act(() => finish!());
  expect(router.state.location.pathname).toBe('/security');
});
