import { render, screen } from '@testing-library/react';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { recourseClaim } from '@/testing/recourse-fixtures';
import { ClaimMakeUp } from './recourse-claim';

const firstLine = () => screen.getByText('1,000,000.00').closest('tr');

describe('the make-up of a recourse claim', () => {
  it('reckons a first recourse on the face: its first line is 票面金额', () => {
    render(
      <AntdProvider>
        <ClaimMakeUp claim={recourseClaim} costs="0.00" total="1000362.50" />
      </AntdProvider>,
    );
    expect(firstLine()).toHaveTextContent('票面金额');
    expect(screen.queryByText('已清偿金额')).toBeNull();
  });

  it('reckons a further recourse on what the pursuer paid: its first line is 已清偿金额', () => {
    render(
      <AntdProvider>
        <ClaimMakeUp claim={{ ...recourseClaim, basis: 'paid' }} costs="0.00" total="1000362.50" />
      </AntdProvider>,
    );
    expect(firstLine()).toHaveTextContent('已清偿金额');
    expect(screen.queryByText('票面金额')).toBeNull();
  });
});
