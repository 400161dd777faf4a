/**
 * Every ledger act the same way: confirmed by QR (licence bound) or SMS, named with its amount in the SMS
 * text and the QR prompt, refused before any confirmation is asked for when the server can already tell,
 * answered with what happened when the application moved on, and closing its to-do for every member.
 */
import { BILL_URL } from '@contract/bills';
import type {
  BatchAnswerResult,
  BillAccount,
  BillApplication,
  BillDetail,
  Holding,
} from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import { NOTICE_STATUS, NOTICE_TYPE } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import type { Page } from '@contract/envelope-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import { pathOf } from '@contract/paths';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { addMonths } from '../../../src/modules/bills/rules';
import { listenAs, type TestApp } from '../../support/helpers';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  drawerAct,
  endorsed,
  errorCodeOf,
  heldIn,
  heldOf,
  issueBody,
  issued,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  ORG,
  pendingIn,
  refuse,
  signedFor,
  signsPending,
  tokenOf,
  userIdOf,
} from '../../support/bill-helpers';
import { outboxOf, sendSms, STAFF_SH } from '../../support/verification-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

const pendingFor = (accessToken: string, packageId: string) => pendingIn(t, accessToken, packageId);
const challenges = async () =>
  t.app.db
    .selectFrom('verification_challenges')
    .select(['id', 'kind', 'operation_name'])
    .orderBy('created_at')
    .execute();

/** Suzhou issues 1,000,000.00 to Ningbo and accepts it itself; Ningbo signs. */
const receivedBill = (fields: Parameters<typeof issueBody>[1] = {}): Promise<BillDetail> =>
  signedFor(t, token, 'suzhou', 'ningbo', issueBody(t, { acceptorOrgId: ORG.suzhou, ...fields }));

describe('every act is confirmed', () => {
  it('asks 签收, 驳回, 撤回, 撤票, 提示承兑 and 提示收票 for a QR confirmation or an SMS code naming the act and its amount', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    // Shanghai has its licence bound: a QR confirmation, whose prompt names the act and the amount.
    const sign = await billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: acceptance!.id }), token.shanghai);
    expect(sign.statusCode, sign.body).toBe(412);
    expect((await challenges()).at(-1)).toMatchObject({
      kind: 'qr',
      operation_name: '票据签收提示承兑，金额1,000,000.00元，对方苏州华信精密零部件有限公司',
    });
    const withdraw = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.withdraw, { id: acceptance!.id }),
      token.suzhou,
    );
    expect(withdraw.statusCode, withdraw.body).toBe(406);
    const revoke = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.revoke, { id: detail.bill.id }),
      token.suzhou,
    );
    expect(revoke.statusCode, revoke.body).toBe(406);
    await dataOf(await answer(t, token.shanghai, acceptance!.id, 'sign'));

    const [receipt] = await pendingFor(token.ningbo, detail.bill.id);
    const refusal = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.refuse, { id: receipt!.id }),
      token.ningbo,
      {
        reason: '金额不符',
      },
    );
    expect(refusal.statusCode, refusal.body).toBe(406);
    t.clock.advance(61_000);
    await sendSms(t.app, MOBILE.ningbo, { accessToken: token.ningbo });
    const [text] = await outboxOf(t.app, MOBILE.ningbo);
    expect(text?.text).toContain(
      '您正在办理票据驳回提示收票，金额1,000,000.00元，对方苏州华信精密零部件有限公司',
    );
    await dataOf(await refuse(t, token.ningbo, receipt!.id));

    const delivery = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.delivery, { id: detail.bill.id }),
      token.suzhou,
    );
    expect(delivery.statusCode, delivery.body).toBe(406);
    await dataOf(await drawerAct(t, token.suzhou, detail.bill.id, 'delivery'));
  });
});

describe('a mistake costs no code', () => {
  /** Answers the call, after checking that it opened no challenge (so no code or QR was asked for). */
  async function refusedBeforeVerification(
    call: () => ReturnType<typeof billCall>,
    status: number,
    code: string,
  ) {
    const before = (await challenges()).length;
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    expect(errorCodeOf(response)).toBe(code);
    expect(await challenges()).toHaveLength(before);
    return response;
  }

  it('refuses an endorsement over the holding, of part of a whole bill, to oneself, to an unknown or unauthenticated party, of a locked range', async () => {
    const detail = await receivedBill({ splittable: false });
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const endorse = (fields: object) => () =>
      billCall(t.app, 'POST', BILL_URL.endorse, token.ningbo, {
        holdingId: holding!.id,
        endorseeOrgId: ORG.shanghai,
        amount: '1000000.00',
        ...fields,
      });
    await refusedBeforeVerification(endorse({ amount: '1000000.01' }), 400, API_ERROR.amountInvalid);
    await refusedBeforeVerification(endorse({ amount: '100.00' }), 400, API_ERROR.amountInvalid);
    await refusedBeforeVerification(
      endorse({ endorseeOrgId: ORG.ningbo }),
      400,
      API_ERROR.billCounterpartyInvalid,
    );
    await refusedBeforeVerification(
      endorse({ endorseeOrgId: 'no-such-org' }),
      400,
      API_ERROR.billCounterpartyInvalid,
    );
    await refusedBeforeVerification(
      endorse({ endorseeOrgId: ORG.hangzhou }),
      400,
      API_ERROR.billCounterpartyInvalid,
    );
    await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.shanghai,
      amount: '1000000.00',
    });
    await refusedBeforeVerification(endorse({}), 409, API_ERROR.billLocked);
  });

  it('refuses to endorse a 不得转让 bill, and every act on a matured bill but 驳回 and 撤回', async () => {
    const fixed = await receivedBill({ noTransfer: true });
    const [fixedHolding] = await heldIn(t, token.ningbo, fixed.bill.id);
    await refusedBeforeVerification(
      () =>
        billCall(t.app, 'POST', BILL_URL.endorse, token.ningbo, {
          holdingId: fixedHolding!.id,
          endorseeOrgId: ORG.shanghai,
          amount: '1.00',
        }),
      409,
      API_ERROR.billNotTransferable,
    );

    const due = addMonths(shanghaiDate(t.app.now()), 1);
    const soon = await receivedBill({ dueDate: due });
    const [holding] = await heldIn(t, token.ningbo, soon.bill.id);
    const waiting = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    const refusedReceipt = await issued(
      t,
      MOBILE.suzhou,
      token.suzhou,
      issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
    );
    const [receipt] = await pendingFor(token.ningbo, refusedReceipt.bill.id);
    await dataOf(await refuse(t, token.ningbo, receipt!.id));

    // The maturity date at 09:00.
    t.clock.advance(Date.parse(`${due}T09:00:00+08:00`) - t.clock.now());
    token = await ledgerTokens(t);
    const [rest] = (await heldIn(t, token.ningbo, soon.bill.id)).filter((h) => h.circulation === 'TF0301');
    const matured = await refusedBeforeVerification(
      () =>
        billCall(t.app, 'POST', BILL_URL.endorse, token.ningbo, {
          holdingId: rest!.id,
          endorseeOrgId: ORG.shanghai,
          amount: '1.00',
        }),
      409,
      API_ERROR.billStateInvalid,
    );
    expect(matured.json<{ msg: string }>().msg).toContain('已到期');
    const lateSign = await refusedBeforeVerification(
      () => billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: waiting.id }), token.suzhou),
      409,
      API_ERROR.billMatured,
    );
    expect(lateSign.json<{ msg: string }>().msg).toBe('票据已到期，该申请不能再签收，请驳回或由申请方撤回');
    await refusedBeforeVerification(
      () => billCall(t.app, 'POST', pathOf(BILL_URL.delivery, { id: refusedReceipt.bill.id }), token.suzhou),
      409,
      API_ERROR.billStateInvalid,
    );
    // The range can still be released.
    await dataOf(await answer(t, token.ningbo, waiting.id, 'withdraw'));
  });

  it('answers an application that moved on with what happened to it, before any confirmation', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    const [receipt] = await pendingFor(token.ningbo, detail.bill.id);
    await dataOf(await refuse(t, token.ningbo, receipt!.id));
    const withdraw = await refusedBeforeVerification(
      () => billCall(t.app, 'POST', pathOf(BILL_URL.withdraw, { id: receipt!.id }), token.suzhou),
      409,
      API_ERROR.billApplicationAnswered,
    );
    expect(withdraw.json<{ msg: string }>().msg).toBe('对方已驳回该申请，不能撤回');
    const signAgain = await refusedBeforeVerification(
      () => billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: receipt!.id }), token.ningbo),
      409,
      API_ERROR.billApplicationAnswered,
    );
    expect(signAgain.json<{ msg: string }>().msg).toBe('该申请已驳回，无需再处理');

    await dataOf(await drawerAct(t, token.suzhou, detail.bill.id, 'delivery'));
    const [again] = await pendingFor(token.ningbo, detail.bill.id);
    await dataOf(await answer(t, token.suzhou, again!.id, 'withdraw'));
    const afterWithdrawal = await refusedBeforeVerification(
      () => billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: again!.id }), token.ningbo),
      409,
      API_ERROR.billApplicationAnswered,
    );
    expect(afterWithdrawal.json<{ msg: string }>().msg).toBe('申请方已撤回该申请');
  });
});

describe('to-dos and notices of an answer', () => {
  const noticesOf = async (accessToken: string) =>
    dataOf<Page<NoticeItem>>(
      await billCall(t.app, 'POST', '/api/plat-message/page?page=0&size=100', accessToken, {}),
    );
  const unreadOf = async (accessToken: string) =>
    dataOf<Page<NoticeItem>>(
      await billCall(t.app, 'POST', '/api/plat-message/page?page=0&size=5', accessToken, {
        status: NOTICE_STATUS.unread,
      }),
    );
  const todoOf = async (accessToken: string, packageNo: string) =>
    (await noticesOf(accessToken)).content.find(
      (n) => n.type === NOTICE_TYPE.todo && n.content.includes(packageNo),
    );

  it('closes the to-do for every member the moment the application is answered, and tells the applicant', async () => {
    const staff = await tokenOf(t, STAFF_SH, ORG.shanghai);
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const no = detail.bill.packageNo;
    const before = { owner: await unreadOf(token.shanghai), staff: await unreadOf(staff) };
    expect((await todoOf(token.shanghai, no))?.status).toBe(NOTICE_STATUS.unread);
    expect((await todoOf(staff, no))?.status).toBe(NOTICE_STATUS.unread);
    // The amount in the to-do reads with separators.
    expect((await todoOf(staff, no))?.content).toContain('金额1,000,000.00元');
    const ownerTab = listenAs(t.app, userIdOf(MOBILE.shanghai), ORG.shanghai);
    const staffTab = listenAs(t.app, userIdOf(STAFF_SH), ORG.shanghai);
    const drawerTab = listenAs(t.app, userIdOf(MOBILE.suzhou), ORG.suzhou);

    await signsPending(t, token, 'shanghai', detail.bill.id);
    // Closed for both members, though only the owner answered; both bells are told and count one less.
    expect((await todoOf(token.shanghai, no))?.status).toBe(NOTICE_STATUS.read);
    expect((await todoOf(staff, no))?.status).toBe(NOTICE_STATUS.read);
    expect((await unreadOf(staff)).totalElements).toBe(before.staff.totalElements - 1);
    expect((await unreadOf(token.shanghai)).totalElements).toBe(before.owner.totalElements - 1);
    for (const tab of [ownerTab, staffTab, drawerTab]) {
      await vi.waitFor(() =>
        expect(tab.messages.map((m) => m.type)).toEqual(
          expect.arrayContaining([REALTIME_EVENT.notice, REALTIME_EVENT.bill]),
        ),
      );
      tab.remove();
    }
    // The drawer is told of the answer.
    const told = (await noticesOf(token.suzhou)).content.find((n) => n.title === '提示承兑已签收');
    expect(told?.content).toContain(no);
  });

  it('tells the applicant of a refusal with its reason, and the receiver of a withdrawal or a 撤票', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    const no = detail.bill.packageNo;
    const [receipt] = await pendingFor(token.ningbo, detail.bill.id);
    await dataOf(await refuse(t, token.ningbo, receipt!.id, '合同未签'));
    expect((await todoOf(token.ningbo, no))?.status).toBe(NOTICE_STATUS.read);
    const refusal = (await noticesOf(token.suzhou)).content.find((n) => n.title === '提示收票被驳回');
    expect(refusal?.content).toContain('驳回理由：合同未签');

    await dataOf(await drawerAct(t, token.suzhou, detail.bill.id, 'delivery'));
    const open = (await noticesOf(token.ningbo)).content.filter(
      (n) => n.type === NOTICE_TYPE.todo && n.status === NOTICE_STATUS.unread && n.content.includes(no),
    );
    expect(open).toHaveLength(1);
    await dataOf(await drawerAct(t, token.suzhou, detail.bill.id, 'revoke'));
    const after = (await noticesOf(token.ningbo)).content.filter((n) => n.content.includes(no));
    expect(
      after.filter((n) => n.type === NOTICE_TYPE.todo).every((n) => n.status === NOTICE_STATUS.read),
    ).toBe(true);
    expect(after.find((n) => n.title === '提示收票已撤回')).toBeDefined();
  });
});

describe('the bill itself', () => {
  it('records the 提示收票 that follows a third party acceptance as the drawer user’s act', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    await signsPending(t, token, 'shanghai', detail.bill.id);
    const receipt = await t.app.db
      .selectFrom('bill_applications')
      .select(['id', 'applicant_user_id', 'applicant_org_id'])
      .where('package_id', '=', detail.bill.id)
      .where('kind', '=', 'receipt')
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({
      applicant_user_id: userIdOf(MOBILE.suzhou),
      applicant_org_id: ORG.suzhou,
    });
    const events = await t.app.db
      .selectFrom('bill_events')
      .select(['type', 'kind', 'user_id'])
      .where('package_id', '=', detail.bill.id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => [e.type, e.kind, e.user_id])).toEqual([
      ['issued', null, userIdOf(MOBILE.suzhou)],
      ['applied', 'acceptance', userIdOf(MOBILE.suzhou)],
      ['signed', 'acceptance', userIdOf(MOBILE.shanghai)],
      ['applied', 'receipt', userIdOf(MOBILE.suzhou)],
    ]);
  });

  it('takes a withdrawn bill out of the drawer’s held list and its count', async () => {
    const before = (await heldOf(t, token.suzhou)).totalElements;
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    expect((await heldOf(t, token.suzhou)).totalElements).toBe(before + 1);
    await dataOf(await drawerAct(t, token.suzhou, detail.bill.id, 'revoke'));
    const held = await heldOf(t, token.suzhou);
    expect(held.totalElements).toBe(before);
    expect(held.content.map((h: Holding) => h.packageId)).not.toContain(detail.bill.id);
    // Filtered, the list counts alike.
    const filtered = await dataOf<Page<Holding>>(
      await billCall(t.app, 'GET', `${BILL_URL.held}?packageId=${detail.bill.id}`, token.suzhou),
    );
    expect(filtered.totalElements).toBe(0);
  });

  it('replays nothing when a confirmed answer is refused: the applicant’s withdrawal of a signed application', async () => {
    const detail = await receivedBill();
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const application = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '10.00',
    });
    await dataOf<BillApplication>(await answer(t, token.suzhou, application.id, 'sign'));
    const late = await confirmed(t, token.ningbo, (headers) =>
      billCall(
        t.app,
        'POST',
        pathOf(BILL_URL.withdraw, { id: application.id }),
        token.ningbo,
        undefined,
        headers,
      ),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json<{ msg: string }>().msg).toBe('对方已签收该申请，不能撤回');
  });
});

describe('batch answers on the 待签收 workbench', () => {
  /** Three bills from Suzhou to Ningbo, each waiting for Ningbo's receipt. */
  async function threeReceipts(): Promise<BillApplication[]> {
    const rows: BillApplication[] = [];
    for (const amount of ['100.00', '200.00', '300.00']) {
      const bill = await issued(
        t,
        MOBILE.suzhou,
        token.suzhou,
        issueBody(t, { acceptorOrgId: ORG.suzhou, amount }),
      );
      rows.push(...(await pendingFor(token.ningbo, bill.bill.id)));
    }
    return rows;
  }

  it('signs the selected rows with one confirmation and answers each row, a row refused on its own', async () => {
    const rows = await threeReceipts();
    expect(rows).toHaveLength(3);
    // One of them is withdrawn meanwhile.
    await dataOf(await answer(t, token.suzhou, rows[1]!.id, 'withdraw'));
    const before = (await challenges()).length;
    const batch = await confirmed(t, token.ningbo, (headers) =>
      billCall(t.app, 'POST', BILL_URL.batchSign, token.ningbo, { ids: rows.map((r) => r.id) }, headers),
    );
    // One confirmation for the batch, naming what passed its check.
    const asked = (await challenges()).slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.operation_name).toBe('票据批量签收2笔，金额400.00元，对方苏州华信精密零部件有限公司');
    const result = await dataOf<BatchAnswerResult>(batch);
    expect(batch.json<{ msg: string }>().msg).toBe('已签收2笔，1笔未签收');
    expect(result).toMatchObject({ succeeded: 2, failed: 1 });
    expect(result.results.map((r) => [r.id, r.ok, r.msg])).toEqual([
      [rows[0]!.id, true, '已办理'],
      [rows[1]!.id, false, '申请方已撤回该申请'],
      [rows[2]!.id, true, '已办理'],
    ]);
    expect(result.results[0]?.application).toMatchObject({ status: 'signed', actions: [] });
    const held = (await heldOf(t, token.ningbo)).content.map((h) => h.packageId);
    expect(held).toEqual(expect.arrayContaining([rows[0]!.packageId, rows[2]!.packageId]));
    expect(held).not.toContain(rows[1]!.packageId);
  });

  it('refuses a batch with a reason, and a batch none of whose rows can go through before any confirmation', async () => {
    const rows = await threeReceipts();
    const refused = await dataOf<BatchAnswerResult>(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          BILL_URL.batchRefuse,
          token.ningbo,
          { ids: rows.map((r) => r.id), reason: '合同未签' },
          headers,
        ),
      ),
    );
    expect(refused).toMatchObject({ succeeded: 3, failed: 0 });
    const before = (await challenges()).length;
    const again = await billCall(t.app, 'POST', BILL_URL.batchSign, token.ningbo, {
      ids: rows.map((r) => r.id),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ msg: string }>().msg).toBe('该申请已驳回，无需再处理');
    expect(await challenges()).toHaveLength(before);
    const tooMany = await billCall(t.app, 'POST', BILL_URL.batchSign, token.ningbo, {
      ids: Array.from({ length: 51 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('签收 into an account of the receiver’s choosing', () => {
  async function secondAccount(orgId: string, verified: boolean): Promise<string> {
    const id = `acct-${orgId}-${verified ? 'v' : 'u'}`;
    await t.app.db
      .insertInto('bank_accounts')
      .values({
        id,
        org_id: orgId,
        account_name: '宁波海曙包装材料有限公司',
        account_no: verified ? '6222000011112222' : '6222000011113333',
        branch_no: '104332000015',
        bank_name: '中国银行',
        branch_name: '中国银行宁波海曙支行',
        province: '浙江省',
        city: '宁波市',
        verified: verified ? 1 : 0,
        verified_at: verified ? t.app.now() : null,
        is_default: 0,
        created_by: userIdOf(MOBILE.ningbo),
        created_at: t.app.now(),
        updated_at: t.app.now(),
      })
      .execute();
    return id;
  }

  it('holds the bill in the chosen verified account and names it on the face; refuses another before confirmation', async () => {
    const chosen = await secondAccount(ORG.ningbo, true);
    const unverified = await secondAccount(ORG.ningbo, false);
    // What 签收 offers: the verified accounts, the default first.
    const offered = await dataOf<BillAccount[]>(
      await billCall(t.app, 'GET', BILL_URL.accounts, token.ningbo),
    );
    expect(offered.map((a) => [a.id === chosen, a.isDefault])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(offered.map((a) => a.id)).not.toContain(unverified);
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    // Before the payee signs, the face names its default account.
    expect(detail.face.payee.accountNo).not.toBe('6222000011112222');
    expect(detail.face.drawer).toMatchObject({ name: '苏州华信精密零部件有限公司' });
    expect(detail.face.drawer.accountNo).toMatch(/^\d+$/);
    const [receipt] = await pendingFor(token.ningbo, detail.bill.id);
    for (const accountId of [unverified, 'no-such-account']) {
      const before = (await challenges()).length;
      const wrong = await billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: receipt!.id }), token.ningbo, {
        accountId,
      });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json<{ msg: string }>().msg).toBe('请选择贵司已验证的结算账户');
      expect(await challenges()).toHaveLength(before);
    }
    await dataOf(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          pathOf(BILL_URL.sign, { id: receipt!.id }),
          token.ningbo,
          { accountId: chosen },
          headers,
        ),
      ),
    );
    const holding = await t.app.db
      .selectFrom('bill_holdings')
      .select('account_id')
      .where('package_id', '=', detail.bill.id)
      .where('org_id', '=', ORG.ningbo)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(holding.account_id).toBe(chosen);
    const face = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: detail.bill.id }), token.ningbo),
    );
    expect(face.face.payee).toEqual({
      name: '宁波海曙包装材料有限公司',
      accountNo: '6222000011112222',
      bankName: '中国银行宁波海曙支行',
    });
  });

  it('shows and sends the range of a bill that may not be split as 0', async () => {
    const detail = await receivedBill({ splittable: false });
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    expect(holding?.range).toBe('0');
    const full = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: detail.bill.id }), token.ningbo),
    );
    expect(full.events.map((e) => e.range)).toEqual(full.events.map(() => '0'));
    expect(full.applications.map((a) => a.range)).toEqual(full.applications.map(() => '0'));
    const todo = (
      await dataOf<Page<NoticeItem>>(
        await billCall(t.app, 'POST', '/api/plat-message/page?page=0&size=100', token.ningbo, {}),
      )
    ).content.find((n) => n.content.includes(detail.bill.packageNo));
    expect(todo?.content).toContain('子票区间0，');
  });
});
