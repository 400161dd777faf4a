import { useContext } from 'react';
import { render, screen } from '@testing-library/react';
import { ConfigContext } from 'antd/es/config-provider';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import { AntdProvider } from './antd-provider';

function Motion() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigContext);
  return (
    <>
      <p>{token.motion ? 'motion' : 'still'}</p>
      <p>{wave?.disabled ? 'no ripple' : 'ripple'}</p>
    </>
  );
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
    expect(screen.getByText('ripple')).toBeInTheDocument();
  });

  it('turns its motion and the click ripple off for a user who asked the system for less', () => {
    preferReducedMotion(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByText('still')).toBeInTheDocument();
    expect(screen.getByText('no ripple')).toBeInTheDocument();
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
