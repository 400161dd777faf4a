import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { NoticeItem } from '@contract/notice-schemas';
import { NoticeLink } from './notice-link';

const todo = (link?: string): NoticeItem => ({
  id: 'n1',
  type: 2,
  status: 0,
  title: '背书待签收',
  content: '宁波海曙包装材料有限公司向贵司转让背书，请到待签收处理。',
  createdAt: '2026-03-02T02:00:00.000Z',
  ...(link === undefined ? {} : { link }),
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const renderLink = (item: NoticeItem, onFollow?: () => void) =>
  render(
    <MemoryRouter initialEntries={['/chain-bill/dashboard']}>
      <NoticeLink item={item} onFollow={onFollow} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('a to-do notice’s 去处理 link', () => {
  it('opens the 待签收 workbench on the notice’s bill', async () => {
    const followed: string[] = [];
    renderLink(todo('/chain-bill/sign-workbench?bill=p1'), () => followed.push('n1'));
    await userEvent.click(screen.getByRole('link', { name: '去处理：背书待签收' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/chain-bill/sign-workbench?bill=p1');
    expect(followed).toEqual(['n1']);
  });

  it('is absent for a notice that only informs, and for anything but a path of this app', () => {
    for (const link of [undefined, '', '//example.com/x', 'https://example.com', 'javascript:alert(1)']) {
      const { unmount } = renderLink(todo(link));
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      unmount();
    }
  });
});
