import { render, screen } from '@testing-library/react';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { recourseClaim, recourseNotice } from '@/testing/recourse-fixtures';
import { ClaimMakeUp } from './recourse-claim';
import { recourseNoticeColumns } from './recourse-columns';

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

describe('the claim column of a recourse notice list', () => {
  const claimCell = (basis: 'face' | 'paid') => {
    const column = recourseNoticeColumns().find((c) => c.key === 'claim')!;
    const notice = recourseNotice({ claim: { ...recourseClaim, basis } });
    render(<>{column.render!(undefined, notice, 0)}</>);
  };

  it('makes up a first recourse from the face', () => {
    claimCell('face');
    expect(screen.getByText(/^票面1,000,000\.00＋利息/)).toBeInTheDocument();
  });

  it('makes up a further recourse from what the pursuer paid', () => {
    claimCell('paid');
    expect(screen.getByText(/^已清偿1,000,000\.00＋利息/)).toBeInTheDocument();
    expect(screen.queryByText(/^票面/)).toBeNull();
  });
});
