import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BankBranch } from '@contract/bank-account-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { bankSearchOf } from './bank-search-api';
import { BranchPicker, BRANCH_SEARCH_DEBOUNCE_MS } from './branch-picker';

configure({ asyncUtilTimeout: 5000 });

const ZHONGDA: BankBranch = {
  bankNo: '104331000010',
  fullName: '中国银行股份有限公司杭州中大支行',
  shortName: '中国银行',
  province: '浙江省',
  city: '杭州市',
};
const HEZHUANG: BankBranch = {
  ...ZHONGDA,
  bankNo: '104331000028',
  fullName: '中国银行股份有限公司杭州河庄支行',
};

const searches: Array<{ query: string; body: unknown }> = [];
const server = setupServer(
  mock.post('*/api/scbill/basic-data/bank/page', async ({ request }) => {
    const body = (await request.json()) as { bankNo?: string; fullName?: string };
    searches.push({ query: new URL(request.url).search, body });
    const content = [ZHONGDA, HEZHUANG].filter(
      (b) =>
        (!body.bankNo || b.bankNo.startsWith(body.bankNo)) &&
        (!body.fullName || b.fullName.includes(body.fullName)),
    );
    return HttpResponse.json({
      code: 200,
      msg: '成功',
      data: {
        content,
        size: 20,
        totalElements: content.length === 2 ? 140 : content.length,
        totalPages: 7,
        number: 0,
      },
    });
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  searches.length = 0;
});
afterAll(() => server.close());

function renderPicker() {
  signInAs();
  const chosen: { bankNo?: string; branch?: BankBranch } = {};
  render(
    <Provider store={createAppStore()}>
      <BranchPicker
        aria-label="开户行"
        onChange={(bankNo) => (chosen.bankNo = bankNo)}
        onBranch={(branch) => (chosen.branch = branch)}
      />
    </Provider>,
  );
  const input = screen.getByRole('combobox', { name: '开户行' });
  fireEvent.mouseDown(input);
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { chosen, type };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bankSearchOf', () => {
  it('searches digits as a number prefix and anything else as part of the name, spaces removed', () => {
    expect(bankSearchOf(' 1043 31 ')).toEqual({ criteria: { bankNo: '104331' }, size: 20 });
    expect(bankSearchOf('杭州 中大')).toEqual({ criteria: { fullName: '杭州中大' }, size: 20 });
  });

  it('has nothing to search for an empty query or a number longer than 12 digits', () => {
    expect(bankSearchOf('')).toBeNull();
    expect(bankSearchOf('  \n ')).toBeNull();
    expect(bankSearchOf('1043310000101')).toBeNull();
  });
});

describe('BranchPicker', () => {
  it('sends no request without criteria, and asks to type', async () => {
    const { type } = renderPicker();
    type('   ');
    expect(await screen.findByText('请输入联行号或开户行名称')).toBeInTheDocument();
    await pause(BRANCH_SEARCH_DEBOUNCE_MS + 200);
    expect(searches).toEqual([]);
  });

  it('searches once typing pauses, for the last text only', async () => {
    const { type } = renderPicker();
    type('杭');
    type('杭州');
    type('杭州中大');
    expect(await screen.findByText('中国银行股份有限公司杭州中大支行')).toBeInTheDocument();
    expect(searches).toEqual([{ query: '?page=0&size=20', body: { fullName: '杭州中大' } }]);
  });

  it('searches digits as a number prefix and says when more branches match than are shown', async () => {
    const { type } = renderPicker();
    type('104331');
    expect(await screen.findByText('中国银行股份有限公司杭州河庄支行')).toBeInTheDocument();
    expect(searches.map((s) => s.body)).toEqual([{ bankNo: '104331' }]);
    expect(screen.getByRole('note')).toHaveTextContent('共 140 个结果，仅显示前 2 个');
  });

  it('says when nothing matches', async () => {
    const { type } = renderPicker();
    type('不存在的银行');
    expect(await screen.findByText('未找到匹配的开户行')).toBeInTheDocument();
  });

  it('hands over the chosen branch number and the branch', async () => {
    const { chosen, type } = renderPicker();
    type('中大');
    fireEvent.click(await screen.findByText('中国银行股份有限公司杭州中大支行'));
    await waitFor(() => expect(chosen.bankNo).toBe('104331000010'));
    expect(chosen.branch).toEqual(ZHONGDA);
  });
});
