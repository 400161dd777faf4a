import { render, screen, waitFor } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import AntApp from 'antd/es/app';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CompanyItem } from '@contract/auth-schemas';
import { createAppStore } from '@/lib/store';
import type { InvitationRef } from '@/features/invitation/model/invitation-ref';
import { InvitationLinkModal } from './invitation-link-modal';

const CODE = 'Abcdefghijklmnop_qrstu-0123456789';
const LINK = `http://127.0.0.1:4310/#/user/login?code=${CODE}&orgId=ORG001`;
const joinedCompanies: CompanyItem[] = [
  {
    orgId: 'ORG001',
    orgName: '上海链票示范供应链有限公司',
    authorized: true,
    bound: true,
    owner: false,
    current: false,
  },
];

const joins: string[] = [];
let lookups = 0;
const server = setupServer(
  mock.get('*/api/invitation/detail/:orgId/:code', ({ params }) => {
    lookups += 1;
    return HttpResponse.json({
      code: 200,
      msg: '操作成功',
      data: {
        orgId: params.orgId,
        orgName: '上海链票示范供应链有限公司',
        inviterName: '张明',
        expiresAt: '2026-07-01T00:00:00.000Z',
        status: 'valid',
      },
    });
  }),
  mock.post('*/api/account/invitation/:orgId/:code', ({ params }) => {
    joins.push(`${String(params.orgId)}/${String(params.code)}`);
    return HttpResponse.json({ code: 200, msg: '操作成功', data: joinedCompanies });
  }),
);

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  joins.length = 0;
  lookups = 0;
});
afterAll(() => server.close());

function open(onJoined = vi.fn(), initialRef?: InvitationRef) {
  const onClose = vi.fn();
  render(
    <Provider store={createAppStore()}>
      <AntApp>
        <InvitationLinkModal open onClose={onClose} onJoined={onJoined} initialRef={initialRef} />
      </AntApp>
    </Provider>,
  );
  return { onJoined, onClose };
}

describe('the invitation-link modal', { timeout: 30_000 }, () => {
  it('asks for a correct URL when the text lacks /#/user/login?code=', async () => {
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('邀请链接'), 'https://bill.example.com/#/user/register');
    await user.click(screen.getByRole('button', { name: '查看邀请' }));

    expect(await screen.findByText('请输入正确的URL')).toBeInTheDocument();
    expect(joins).toEqual([]);
  });

  it('shows the invitation of a valid link and joins the organisation, then refreshes the company list', async () => {
    const user = userEvent.setup();
    const { onJoined, onClose } = open();
    await user.click(screen.getByLabelText('邀请链接'));
    await user.paste(LINK);
    await user.click(screen.getByRole('button', { name: '查看邀请' }));

    expect(await screen.findByText('张明')).toBeInTheDocument();
    expect(screen.getAllByText('上海链票示范供应链有限公司').length).toBeGreaterThan(0);
    expect(screen.getByText('有效')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '加入企业' }));

    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(joinedCompanies));
    expect(joins).toEqual([`ORG001/${CODE}`]);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('已加入上海链票示范供应链有限公司')).toBeInTheDocument();
  });

  it('tells an existing member so, and stays open', async () => {
    server.use(
      mock.post('*/api/account/invitation/:orgId/:code', () =>
        HttpResponse.json({ code: 'ALREADY_MEMBER', msg: '已是企业成员' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    const { onJoined, onClose } = open();
    await user.click(screen.getByLabelText('邀请链接'));
    await user.paste(LINK);
    await user.click(screen.getByRole('button', { name: '查看邀请' }));
    await user.click(await screen.findByRole('button', { name: '加入企业' }));

    expect(await screen.findByText('您已是该企业的成员')).toBeInTheDocument();
    expect(onJoined).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens a followed invitation link filled in and already looked up', async () => {
    const user = userEvent.setup();
    const { onJoined } = open(vi.fn(), { orgId: 'ORG001', code: CODE });

    expect(await screen.findByText('张明')).toBeInTheDocument();
    expect((screen.getByLabelText('邀请链接') as HTMLTextAreaElement).value).toContain(
      `/#/user/login?code=${CODE}&orgId=ORG001`,
    );
    await user.click(await screen.findByRole('button', { name: '加入企业' }));
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(joinedCompanies));
    expect(joins).toEqual([`ORG001/${CODE}`]);
  });

  it('asks again when the same link is checked after a failed lookup', async () => {
    server.use(
      mock.get(
        '*/api/invitation/detail/:orgId/:code',
        () => {
          lookups += 1;
          return HttpResponse.json({ code: 'NOT_FOUND', msg: '邀请不存在' }, { status: 404 });
        },
        { once: true },
      ),
    );
    const user = userEvent.setup();
    open();
    await user.click(screen.getByLabelText('邀请链接'));
    await user.paste(LINK);
    await user.click(screen.getByRole('button', { name: '查看邀请' }));
    expect(await screen.findByText('邀请信息获取失败，请确认链接是否完整')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '查看邀请' }));
    expect(await screen.findByText('张明')).toBeInTheDocument();
    expect(screen.queryByText('邀请信息获取失败，请确认链接是否完整')).not.toBeInTheDocument();
    expect(lookups).toBe(2);
  });
});
