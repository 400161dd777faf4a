import type { LightMyRequestResponse } from 'fastify';
import type { Page } from '@contract/envelope-schemas';
import { pathOf } from '@contract/paths';
import { PAYMENT_URL } from '@contract/payment';
import type { PaymentRecord } from '@contract/payment-schemas';
import { PLEDGE_URL } from '@contract/pledge';
import type { PledgeRecord } from '@contract/pledge-schemas';
import { DEMO_INSTITUTIONS } from '../../src/db/demo/institutions';
import { billCall, confirmed, dataOf, institutionAnswers, type LedgerTokens } from './bill-helpers';
import type { TestApp } from './helpers';

type Send = (headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/** 付款 of a presentation by `accessToken`'s organisation, as the SPA sends it (a proof in `headers`). */
export const payCallOf =
  (t: TestApp, accessToken: string, id: string, body: object = {}): Send =>
  (headers) =>
    billCall(t.app, 'POST', pathOf(PAYMENT_URL.pay, { id }), accessToken, body, headers);

/** 拒付 of a presentation with `body` (its code and text), as the SPA sends it (a proof in `headers`). */
export const refuseCallOf =
  (t: TestApp, accessToken: string, id: string, body: object): Send =>
  (headers) =>
    billCall(t.app, 'POST', pathOf(PAYMENT_URL.refuse, { id }), accessToken, body, headers);

/** 付款, confirmed by the acceptor's own user: the response. */
export const paysPresentation = (t: TestApp, accessToken: string, id: string, body: object = {}) =>
  confirmed(t, accessToken, payCallOf(t, accessToken, id, body));

/** 拒付 with `body`, confirmed by the acceptor's own user: the response. */
export const refusesPayment = (t: TestApp, accessToken: string, id: string, body: object) =>
  confirmed(t, accessToken, refuseCallOf(t, accessToken, id, body));

/** The reason an acceptor gives for refusing a pledgee's presentation. */
export const PLEDGEE_DISPUTE = { code: 'DC00', text: '与质权人存在争议' } as const;

const SPDB = DEMO_INSTITUTIONS.spdb;

/**
 * `accessToken`'s organisation pledges `amount` of its holding to 浦发 and the sandbox institution signs:
 * the range is pledged. Answers the pledge (its id is the application's).
 */
export async function pledgedToSpdb(
  t: TestApp,
  accessToken: string,
  holdingId: string,
  amount: string,
): Promise<PledgeRecord> {
  const pledge = await dataOf<PledgeRecord>(
    await confirmed(t, accessToken, (headers) =>
      billCall(
        t.app,
        'POST',
        PLEDGE_URL.apply,
        accessToken,
        { holdingId, institutionOrgId: SPDB.orgId, amount },
        headers,
      ),
    ),
    201,
  );
  await institutionAnswers(t);
  return pledge;
}

/** The pledgee presents the pledged bill of `pledgeId` on its maturity date (the sandbox in its place). */
export const sandboxPresent = (t: TestApp, pledgeId: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: pathOf(PLEDGE_URL.sandboxPresent, { id: pledgeId }), payload });

/** The pledgee's presentation of a bill, as its acceptor lists it on the 提示付款 page. */
export const pledgeePresentationOf = async (t: TestApp, acceptorToken: string, packageId: string) =>
  (
    await dataOf<Page<PaymentRecord>>(
      await billCall(t.app, 'GET', `${PAYMENT_URL.list}?side=acceptor&size=50`, acceptorToken),
    )
  ).content.find((row) => row.packageId === packageId && row.presentedBy === 'pledgee');

/**
 * On the maturity date the pledgee presents the bill of `pledgeId` and 上海, its acceptor, refuses it: the range
 * stays the pledgor's, under recourse, the pledge in force. Answers the refused presentation.
 */
export async function refusedToPledgee(
  t: TestApp,
  token: LedgerTokens,
  pledgeId: string,
  packageId: string,
): Promise<PaymentRecord> {
  const presented = await sandboxPresent(t, pledgeId);
  expect(presented.statusCode, presented.body).toBe(200);
  const presentation = (await pledgeePresentationOf(t, token.shanghai, packageId))!;
  const refused = await refusesPayment(t, token.shanghai, presentation.id, PLEDGEE_DISPUTE);
  expect(refused.statusCode, refused.body).toBe(200);
  return presentation;
}
