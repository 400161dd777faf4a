import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { HelpCenterPage } from './help-center-page';

describe('the help centre page', { timeout: 30_000 }, () => {
  it('filters as the user types and highlights the matches', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HelpCenterPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '帮助中心' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '质押融资' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '搜索帮助内容' }), '滑块');

    expect(await screen.findByText(/找到 \d+ 篇相关内容/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: '质押融资' })).not.toBeInTheDocument();
    const marks = document.querySelectorAll('mark');
    expect(marks.length).toBeGreaterThan(0);
    expect([...marks].every((mark) => mark.textContent === '滑块')).toBe(true);
    expect(screen.getByRole('navigation', { name: '目录' })).toHaveTextContent('滑块拼图验证');
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HelpCenterPage />
      </MemoryRouter>,
    );
    await user.type(screen.getByRole('textbox', { name: '搜索帮助内容' }), '火星');
    expect(await screen.findByText('没有找到与「火星」相关的内容，换个关键词试试')).toBeInTheDocument();
  });
});
