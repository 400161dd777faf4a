/**
 * The filters every bill list and its export take, on malformed input: each answers 400 with a stable code
 * and a Chinese message, never a 5xx, and the export centre makes no task for it.
 */
import { BILL_URL } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { EXPORT_RATE_LIMIT, type ExportKind } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { BILL_MSG } from '../../../src/modules/bills/messages';
import { startApp, type TestApp } from '../../support/helpers';
import { billCall, errorCodeOf, ledgerTokens, listOf, type LedgerTokens } from '../../support/bill-helpers';

let t: TestApp;
let token: LedgerTokens;

beforeAll(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
});
afterAll(async () => {
  await t.app.close();
});

const LISTS: ReadonlyArray<{ url: string; kind: ExportKind; status: 'bill' | 'application' }> = [
  { url: BILL_URL.held, kind: 'bills-held', status: 'bill' },
  { url: BILL_URL.issued, kind: 'bills-issued', status: 'bill' },
  { url: BILL_URL.pending, kind: 'bills-pending', status: 'application' },
  { url: BILL_URL.mine, kind: 'bill-applications', status: 'application' },
];

/** Each malformed filter with the code and message it must answer. */
const MALFORMED: ReadonlyArray<{ params: Record<string, string>; code: string; msg?: string }> = [
  { params: { minAmount: 'abc' }, code: API_ERROR.amountInvalid, msg: BILL_MSG.amountInvalid },
  { params: { maxAmount: '1.234' }, code: API_ERROR.amountInvalid, msg: BILL_MSG.amountInvalid },
  { params: { minAmount: '0' }, code: API_ERROR.amountInvalid, msg: BILL_MSG.amountInvalid },
  { params: { maxAmount: '1e3' }, code: API_ERROR.amountInvalid, msg: BILL_MSG.amountInvalid },
  {
    params: { minAmount: '500.01', maxAmount: '500' },
    code: API_ERROR.badRequest,
    msg: BILL_MSG.amountRangeInvalid,
  },
  { params: { dueFrom: '2026-13-40' }, code: API_ERROR.badRequest, msg: BILL_MSG.filterInvalid },
  { params: { dueTo: '20260301' }, code: API_ERROR.badRequest, msg: BILL_MSG.filterInvalid },
  {
    params: { dueFrom: '2026-05-01', dueTo: '2026-04-30' },
    code: API_ERROR.badRequest,
    msg: BILL_MSG.dueRangeInvalid,
  },
  { params: { billStatus: 'CS99' }, code: API_ERROR.badRequest, msg: BILL_MSG.filterInvalid },
  { params: { billStatus: 'toString' }, code: API_ERROR.badRequest, msg: BILL_MSG.filterInvalid },
  { params: { counterparty: '企'.repeat(65) }, code: API_ERROR.badRequest },
  { params: { minAmount: '1'.repeat(33) }, code: API_ERROR.badRequest },
];

/** A status of the other kind of list: an application status on a bill list and the reverse. */
const otherKindStatus = (status: 'bill' | 'application') => (status === 'bill' ? 'pending' : 'CS03');

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('bill list filters', () => {
  it('answers 400 with a stable code to each malformed filter on every list', async () => {
    for (const list of LISTS) {
      const cases = [
        ...MALFORMED,
        {
          params: { billStatus: otherKindStatus(list.status) },
          code: API_ERROR.badRequest,
          msg: BILL_MSG.filterInvalid,
        },
      ];
      for (const { params, code, msg } of cases) {
        const response = await billCall(t.app, 'GET', `${list.url}?${query(params)}`, token.ningbo);
        const label = `${list.url} ${JSON.stringify(params)}`;
        expect(response.statusCode, label).toBe(400);
        expect(errorCodeOf(response), label).toBe(code);
        if (msg) expect(response.json<{ msg: string }>().msg, label).toBe(msg);
      }
    }
  });

  it('takes well-formed filters on every list, equal range ends included', async () => {
    for (const list of LISTS) {
      const status = list.status === 'bill' ? 'CS04' : 'pending';
      const page = await listOf(
        t,
        `${list.url}?${query({
          billStatus: status,
          counterparty: '100%_\\',
          minAmount: '0.01',
          maxAmount: '0.01',
          dueFrom: '2026-04-01',
          dueTo: '2026-04-01',
        })}`,
        token.ningbo,
      );
      expect(page.totalElements, list.url).toBe(0);
    }
  });

  it('answers the held and application lists’ one total on every (0-based) page, past the end too, filtered or not', async () => {
    const lists = [BILL_URL.held, BILL_URL.mine];
    for (const [url, filter] of lists.flatMap((url) =>
      ([{}, { minAmount: '0.01' }] as ReadonlyArray<Record<string, string>>).map((f) => [url, f] as const),
    )) {
      const first = await listOf(t, `${url}?${query({ ...filter, page: '0', size: '1' })}`, token.suzhou);
      expect(first.totalElements).toBeGreaterThan(1);
      expect(first.content).toHaveLength(1);
      const total = first.totalElements;
      const last = await listOf(
        t,
        `${url}?${query({ ...filter, page: String(total - 1), size: '1' })}`,
        token.suzhou,
      );
      expect([last.totalElements, last.content.length]).toEqual([total, 1]);
      const past = await listOf(
        t,
        `${url}?${query({ ...filter, page: String(total), size: '1' })}`,
        token.suzhou,
      );
      expect([past.totalElements, past.content.length]).toEqual([total, 0]);
    }
  });

  it('refuses an export with a malformed filter before making a task', async () => {
    for (const list of LISTS) {
      // A refused export counts against the user's exports a minute too: a new minute for each list.
      t.clock.advance(EXPORT_RATE_LIMIT.windowMs);
      for (const { params, code } of [
        ...MALFORMED,
        { params: { billStatus: otherKindStatus(list.status) }, code: API_ERROR.badRequest },
      ]) {
        const response = await billCall(t.app, 'POST', '/api/export-tasks', token.ningbo, {
          kind: list.kind,
          params,
        });
        const label = `${list.kind} ${JSON.stringify(params)}`;
        expect(response.statusCode, label).toBe(400);
        expect(errorCodeOf(response), label).toBe(code);
      }
    }
    const tasks = await listOf<ExportTask>(t, '/api/export-tasks?size=50', token.ningbo);
    expect(tasks.totalElements).toBe(0);
  });
});
