import { fireEvent, render, screen } from '@testing-library/react';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { RowActions, type RowActionsProps } from './row-actions';

type Act = 'sign' | 'refuse' | 'withdraw';
const NAMES: Record<Act, string> = { sign: '签收', refuse: '驳回', withdraw: '撤回' };

function renderActions(props: Partial<RowActionsProps<Act>>) {
  const onAct = vi.fn<(act: Act) => void>();
  render(
    <AntdProvider>
      <RowActions<Act>
        detail={<a href="#/bill">详情</a>}
        acts={[]}
        names={NAMES}
        danger={['refuse']}
        onAct={onAct}
        {...props}
      />
    </AntdProvider>,
  );
  const shown = [...document.body.querySelectorAll('a, button')].map((node) => node.textContent);
  return { onAct, shown };
}

describe('a row’s actions', () => {
  it('lead with the way to the detail, then offer each act in the order given', () => {
    const { onAct, shown } = renderActions({ acts: ['sign', 'refuse'] });
    expect(shown).toEqual(['详情', '签收', '驳回']);
    expect(screen.getByRole('button', { name: '驳回' })).toHaveClass('ant-btn-dangerous');
    expect(screen.getByRole('button', { name: '签收' })).not.toHaveClass('ant-btn-dangerous');

    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    expect(onAct).toHaveBeenCalledWith('refuse');
    expect(onAct).toHaveBeenCalledTimes(1);
  });

  it('show, in the page’s order, only the acts the server offers on the row', () => {
    const { shown } = renderActions({
      acts: ['withdraw', 'sign', 'refuse'],
      offered: ['refuse', 'sign', 'pay'],
    });
    expect(shown).toEqual(['详情', '签收', '驳回']);
  });

  it('offer only the detail on a row with no act open to the organisation', () => {
    const { shown } = renderActions({ acts: ['sign'], offered: [] });
    expect(shown).toEqual(['详情']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
