import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from './route-status';

/** Fails while `broken.now` is set, as a page whose data once crashed it and then came right. */
const broken = { now: false };
function SometimesFailing({ name }: { name: string }) {
  if (broken.now) throw new Error('page failed');
  return <p>{name}</p>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {`count ${count}`}
    </button>
  );
}

/** A frame with a menu around the routed pages, the boundary between them as the app has it. */
function App({ initial = '/a' }: { initial?: string }) {
  return (
    <MemoryRouter initialEntries={[initial]}>
      <nav>
        <Link to="/a">menu a</Link>
        <Link to="/b">menu b</Link>
        <Link to="/a?type=other">tab of a</Link>
      </nav>
      <Counter />
      <RouteErrorBoundary>
        <Routes>
          <Route path="/a" element={<SometimesFailing name="page a" />} />
          <Route path="/b" element={<SometimesFailing name="page b" />} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>
  );
}

describe('the route error boundary', () => {
  beforeEach(() => {
    broken.now = false;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the frame around it mounted from page to page', () => {
    render(<App />);
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(screen.getByRole('link', { name: 'menu b' }));
    expect(screen.getByText('page b')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveTextContent('count 1');
  });

  it('shows a failed page until the user navigates elsewhere', () => {
    broken.now = true;
    render(<App />);
    expect(screen.getByRole('alert')).toHaveTextContent('页面');
    broken.now = false;
    fireEvent.click(screen.getByRole('link', { name: 'menu b' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('page b')).toBeInTheDocument();
  });

  it('clears the failure when the user opens the same page again from the menu', () => {
    broken.now = true;
    render(<App />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken.now = false;
    fireEvent.click(screen.getByRole('link', { name: 'menu a' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('page a')).toBeInTheDocument();
  });

  it('clears the failure when the user opens another tab of the page', () => {
    broken.now = true;
    render(<App />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken.now = false;
    fireEvent.click(screen.getByRole('link', { name: 'tab of a' }));
    expect(screen.getByText('page a')).toBeInTheDocument();
  });

  it('shows the failure again when the page still fails', () => {
    broken.now = true;
    render(<App />);
    fireEvent.click(screen.getByRole('link', { name: 'menu b' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
