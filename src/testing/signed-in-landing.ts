import { http as mock, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { APPLY_RECORD_URL } from '@contract/apply-record';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import type { Page } from '@contract/envelope-schemas';
import { NOTICE_URL } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import { ORG_URL } from '@contract/organization';
import type { Onboarding } from '@contract/organization-schemas';
import { SHELL_URL } from '@contract/shell';
import type {
  CheckedDefaultChannel,
  HolidayDay,
  OperationTime,
  OrgFunction,
  SystemStatus,
} from '@contract/shell-schemas';
import { STATISTICS_URL } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import { VERIFICATION_URL } from '@contract/verification';
import type { BizAuthType } from '@contract/verification-schemas';
import { endTestDom } from './end-test';

const envelope = <T>(data: T) => HttpResponse.json({ code: 200, msg: '操作成功', data });

/**
 * What the signed-in shell and the dashboard ask for once a visit lands there, as a new organisation's
 * would answer: no notices, no business yet, no join application, the platform open.
 */
export const signedInLanding = [
  mock.get(`*${VERIFICATION_URL.bizAuthType}`, () => envelope<BizAuthType>({ bizAuthType: 'LICENSE' })),
  mock.post(`*${NOTICE_URL.page}`, () =>
    envelope<Page<NoticeItem>>({ content: [], totalElements: 0, totalPages: 0, size: 5, number: 0 }),
  ),
  mock.get(`*${SHELL_URL.systemStatus}`, () =>
    envelope<SystemStatus>({ status: 'SS00', name: '系统正常', unpublishedHolidayYears: [], dayEnd: null }),
  ),
  mock.get(`*${SHELL_URL.holidayToday}`, () =>
    envelope<HolidayDay>({ date: '2026-11-26', holiday: false, workday: true }),
  ),
  mock.get(`*${SHELL_URL.operationTime}`, () =>
    envelope<OperationTime[]>([
      { name: '企业票据业务', start: '08:00', end: '20:00', businessDayEnd: '21:00' },
    ]),
  ),
  mock.get(`*${SHELL_URL.channelCheckedDefault}`, () =>
    envelope<CheckedDefaultChannel>({ checked: true, channelId: 'CH0001' }),
  ),
  mock.get(`*${SHELL_URL.orgFunctions}`, () => envelope<OrgFunction[]>([])),
  mock.get(`*${ORG_URL.onboarding}`, () =>
    envelope<Onboarding>({
      authenticated: true,
      settlementAccount: false,
      agreementSigned: false,
      functionOpened: false,
    }),
  ),
  mock.get(`*${STATISTICS_URL.figures}`, () =>
    envelope<Statistics>({ count: 0, amount: '0.00', monthly: [] }),
  ),
  mock.get(`*${APPLY_RECORD_URL.mine}`, () => envelope<ApplyRecord[]>([])),
];

/**
 * The requests no handler answered, kept per test. The test file resets its handlers when its test is over
 * (before the page is unmounted): a request that reaches the server from then on, or before the next test
 * starts, was sent by a page the test had finished with, answered only once its handlers were gone, and
 * belongs to no test still running. Only what arrived while the test ran fails it.
 */
export function unansweredRequests() {
  let found: string[] = [];
  let running = false;
  return {
    begin(): void {
      found = [];
      running = true;
    },
    /** The test's handlers are being reset: its page's requests from now on are not its own to answer for. */
    finish(): void {
      running = false;
    },
    record(request: Request): void {
      if (running) found.push(`${request.method} ${request.url}`);
    },
    /** The test's end: fails it if a request found no handler, with its page unmounted first. */
    end(): void {
      running = false;
      const seen = found;
      found = [];
      if (seen.length > 0) endTestDom();
      expect(seen, `requests no handler answers: ${seen.join(', ')}`).toEqual([]);
    },
  };
}

/**
 * Listens for the test file and fails the test that made a request no handler answers (the page calls nothing
 * it was not given), where MSW's `onUnhandledRequest: 'error'` only prints the call. Call at the top of the file.
 * The server's `resetHandlers` marks the test's end (unansweredRequests).
 */
export function listenFailingUnhandled(server: SetupServer): void {
  const requests = unansweredRequests();
  const resetHandlers = server.resetHandlers.bind(server);
  server.resetHandlers = (...handlers) => {
    requests.finish();
    resetHandlers(...handlers);
  };
  beforeAll(() => server.listen({ onUnhandledRequest: (request) => requests.record(request) }));
  beforeEach(() => requests.begin());
  afterEach(() => requests.end());
}
