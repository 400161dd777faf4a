import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { http as mock } from 'msw';
import type { GuaranteeCandidate, GuaranteeRecord } from '@contract/guarantee-schemas';
import { created, ok, pageOf, renderInApp, serveLedgerPage } from '@/testing/ledger-page';
import { buttonNamed, findDialog, findTheOnly } from '@/testing/queries';
import { GuaranteePage, type LedgerParts } from './guarantee-page';

configure({ asyncUtilTimeout: 5000 });

const candidate: GuaranteeCandidate = {
  packageId: 'p-1',
  packageNo: '731029000001320260302000000018',
  drawerName: '上海链票示范供应链有限公司',
  acceptorName: '上海链票示范供应链有限公司',
  amount: '1000000.00',
  dueDate: '2026-06-01',
  billStatus: 'CS03',
  roles: ['drawer', 'acceptor'],
};

const record = (fields: Partial<GuaranteeRecord>): GuaranteeRecord => ({
  id: 'g-1',
  packageId: 'p-1',
  packageNo: candidate.packageNo,
  amount: '1000000.00',
  dueDate: '2026-06-01',
  role: 'drawer',
  guaranteed: { orgId: 'o-sh', name: '上海链票示范供应链有限公司' },
  guarantor: { orgId: 'o-nb', name: '宁波海曙包装材料有限公司' },
  status: 'pending',
  remark: '',
  reason: null,
  appliedAt: '2026-03-02T01:00:00.000Z',
  answeredAt: null,
  actions: ['sign', 'refuse'],
  ...fields,
});

const applications: unknown[] = [];
const listQueries: Record<string, string>[] = [];
const refusals: Array<{ id: string; body: unknown }> = [];
const exports: unknown[] = [];
serveLedgerPage(
  { recording: [applications, listQueries, refusals], exportsInto: exports },
  mock.get('*/api/scbill/guarantee/candidates', () => ok([candidate])),
  mock.get('*/api/scbill/guarantee/list', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    listQueries.push(query);
    return ok(pageOf(query.side === 'received' ? [record({})] : [record({ actions: ['withdraw'] })]));
  }),
  mock.post('*/api/scbill/guarantee/apply', async ({ request }) => {
    applications.push(await request.json());
    return created(record({}));
  }),
  mock.post('*/api/scbill/guarantee/:id/refuse', async ({ params, request }) => {
    refusals.push({ id: String(params.id), body: await request.json() });
    return ok(record({ status: 'refused', actions: [] }));
  }),
);

/** Stand-ins for the ledger's parts the app composes the page with. */
const parts: LedgerParts = {
  OrgPicker: ({ onChange, onPicked, ...rest }) => (
    <Select
      aria-label={rest['aria-label']}
      options={[{ value: 'o-nb', label: '宁波海曙包装材料有限公司' }]}
      onChange={(value: string) => {
        onChange?.(value);
        onPicked?.({ orgId: value, name: '宁波海曙包装材料有限公司' });
      }}
    />
  ),
  reasonField: (
    <Form.Item name="reason" label="驳回理由" rules={[{ required: true, message: '请填写驳回理由' }]}>
      <Input />
    </Form.Item>
  ),
};

function renderPage(initialSide?: 'applied' | 'received') {
  renderInApp(
    <GuaranteePage
      {...(initialSide ? { initialSide } : {})}
      canExport
      detail={{ link: () => null, drawer: null }}
      parts={parts}
    />,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('the 保证 page', () => {
  it('applies for a guarantee of the chosen role after the confirmation', async () => {
    renderPage();
    await choose('票据', `${candidate.packageNo}（1,000,000.00元，2026-06-01到期）`);
    fireEvent.click(await screen.findByLabelText('承兑人'));
    await choose('保证人', '宁波海曙包装材料有限公司');
    fireEvent.click(screen.getByText('提交保证申请').closest('button')!);
    const dialog = await findDialog();
    expect(dialog).toHaveTextContent('保证申请');
    expect(applications).toEqual([]);
    fireEvent.click(within(dialog).getByText('确认并验证').closest('button')!);
    await waitFor(() =>
      expect(applications).toEqual([
        { packageId: 'p-1', role: 'acceptor', guarantorOrgId: 'o-nb', remark: '' },
      ]),
    );
  });

  it('opens on what the guarantor must answer, refuses with a reason and exports the filtered side', async () => {
    renderPage('received');
    const table = await findTheOnly('table');
    const tr = (await within(table).findByText('上海链票示范供应链有限公司（出票人）')).closest('tr')!;
    expect(tr).toHaveTextContent('待签收');
    expect(listQueries[0]).toMatchObject({ side: 'received' });
    fireEvent.click(within(tr).getByText('驳回').closest('button')!);
    const dialog = await findDialog();
    fireEvent.click(buttonNamed('驳回', dialog));
    expect(await within(dialog).findByText('请填写驳回理由')).toBeInTheDocument();
    expect(refusals).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回理由'), { target: { value: '未签担保合同' } });
    fireEvent.click(buttonNamed('驳回', dialog));
    await waitFor(() => expect(refusals).toEqual([{ id: 'g-1', body: { reason: '未签担保合同' } }]));

    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: '2026' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ side: 'received', packageNo: '2026' }));
    fireEvent.click(screen.getByText('导出').closest('button')!);
    await waitFor(() =>
      expect(exports).toEqual([{ kind: 'guarantees', params: { side: 'received', packageNo: '2026' } }]),
    );
  });

  it('shows the applicant its withdrawal on its own side', async () => {
    renderPage();
    const table = await findTheOnly('table');
    const tr = (await within(table).findByText('宁波海曙包装材料有限公司')).closest('tr')!;
    expect(within(tr).getByText('撤回')).toBeInTheDocument();
    expect(within(tr).queryByText('签收')).toBeNull();
  });
});
