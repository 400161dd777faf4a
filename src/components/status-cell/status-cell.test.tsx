import { render, screen } from '@testing-library/react';
import Tag from 'antd/es/tag';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { StatusCell } from './status-cell';

describe('a row’s status', () => {
  it('shows its tag, further tags, then the reason after its label', () => {
    const view = render(
      <AntdProvider>
        <StatusCell color="red" label="已驳回" reason={{ label: '原因', text: '额度不足' }}>
          <Tag>已付款</Tag>
        </StatusCell>
      </AntdProvider>,
    );
    expect(view.container).toHaveTextContent('已驳回已付款原因：额度不足');
    expect(screen.getByText('已驳回')).toHaveClass('ant-tag-red');
  });

  it('says no reason where none was given', () => {
    const view = render(
      <AntdProvider>
        <StatusCell color="blue" label="待签收" reason={{ label: '原因', text: null }} />
      </AntdProvider>,
    );
    expect(view.container).toHaveTextContent(/^待签收$/);
  });
});
