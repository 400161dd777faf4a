import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RouteErrorBoundary } from './route-status';

function Failing(): never {
  throw new Error('page failed');
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {`count ${count}`}
    </button>
  );
}

describe('the route error boundary', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('keeps what it wraps mounted from page to page', () => {
    const { rerender } = render(
      <RouteErrorBoundary pathname="/a">
        <Counter />
      </RouteErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('count 1');

    rerender(
      <RouteErrorBoundary pathname="/b">
        <Counter />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('count 1');
  });

  it('shows a failed page until the user goes elsewhere', () => {
    const { rerender } = render(
      <RouteErrorBoundary pathname="/a">
        <Failing />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面');

    rerender(
      <RouteErrorBoundary pathname="/a">
        <Counter />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();

    rerender(
      <RouteErrorBoundary pathname="/b">
        <Counter />
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button')).toHaveTextContent('count 0');
  });
});
