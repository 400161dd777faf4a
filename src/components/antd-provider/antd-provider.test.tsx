import { render, screen } from '@testing-library/react';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import { AntdProvider } from './antd-provider';

function Motion() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'motion' : 'still'}</p>;
}

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('antd around the screens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('animates for a user who did not ask for less motion', () => {
    preferReducedMotion(false);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByText('motion')).toBeInTheDocument();
  });

  it('turns its motion off for a user who asked the system for less', () => {
    preferReducedMotion(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByText('still')).toBeInTheDocument();
  });

  it("names a search field's button 搜索, not by its icon", () => {
    preferReducedMotion(false);
    render(
      <AntdProvider>
        <Input.Search aria-label="关键字" />
      </AntdProvider>,
    );
    expect(screen.getByRole('button', { name: '搜索' })).toBeInTheDocument();
  });
});
