import { http as mock, HttpResponse } from 'msw';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { setupServer } from 'msw/node';
import { createAppStore } from '@/lib/store';
import {
  selectOperationTime,
  selectSystemStatus,
  selectTodayIsHoliday,
  shellStatusApi,
} from './shell-status-api';

const hours = { name: '提示付款', start: '08:00', end: '17:00', businessDayEnd: '17:00' };
const envelope = <T>(data: T) => HttpResponse.json({ code: 200, msg: '操作成功', data });
const server = setupServer(
  mock.get('*/api/scbill/shcpe/system/status', () => envelope({ name: '日终处理中', status: 'SS01' })),
  mock.get('*/api/quote/holidays/day', () =>
    envelope({ date: '2026-10-01', holiday: true, workday: false, name: '国庆节' }),
  ),
  mock.get('*/api/scbill/shcpe/operation-time', () => envelope([hours])),
);

listenFailingUnhandled(server);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function loadAll(store: ReturnType<typeof createAppStore>) {
  await Promise.all([
    store.dispatch(shellStatusApi.endpoints.systemStatus.initiate()),
    store.dispatch(shellStatusApi.endpoints.holidayToday.initiate()),
    store.dispatch(shellStatusApi.endpoints.operationTime.initiate()),
  ]);
}

describe('the shell status in the store', () => {
  it('reads newSysSts, shcpeTodayIsHoliday and operationTime from the lookups, held once in the cache', async () => {
    const store = createAppStore();
    await loadAll(store);
    const state = store.getState();
    expect(selectSystemStatus(state)).toBe('SS01');
    expect(selectTodayIsHoliday(state)).toBe(true);
    expect(selectOperationTime(state)).toEqual([hours]);
  });

  it('keeps the spec defaults when the lookups fail or answer nothing', async () => {
    server.use(
      mock.get('*/api/scbill/shcpe/system/status', () => HttpResponse.json({ code: 500 }, { status: 500 })),
      mock.get('*/api/quote/holidays/day', () => HttpResponse.json({ code: 500 }, { status: 500 })),
      mock.get('*/api/scbill/shcpe/operation-time', () => envelope(null)),
    );
    const store = createAppStore();
    await loadAll(store);
    const state = store.getState();
    expect(selectSystemStatus(state)).toBe('SS00');
    expect(selectTodayIsHoliday(state)).toBe(false);
    expect(selectOperationTime(state)).toEqual([]);
    expect(selectOperationTime(state)).toBe(selectOperationTime(store.getState()));
  });
});
