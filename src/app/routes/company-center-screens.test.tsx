import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '@/lib/store';
import { CompanyCenterScreen, ContractsScreen } from './company-center-screens';
import { clearRealtime, emitRealtime } from '@/testing/realtime';

vi.mock('@/lib/realtime', () => import('@/testing/realtime'));
afterEach(clearRealtime);

const stale = vi.hoisted(() => ({
  contracts: vi.fn(() => ({ type: 'contracts/stale' })),
  agreements: vi.fn(() => ({ type: 'agreements/stale' })),
}));
vi.mock('@/features/e-contract/api/e-contract-api', async (original) => ({
  ...(await original<object>()),
  invalidateContracts: stale.contracts,
}));
vi.mock('@/features/company-center/api/company-center-api', async (original) => ({
  ...(await original<object>()),
  invalidateAgreements: stale.agreements,
}));
// The pages themselves have their own tests: here only what the screens follow.
vi.mock('@/features/e-contract/components/contracts-page', () => ({ ContractsPage: () => null }));
vi.mock('@/features/company-center/components/company-center-page', () => ({
  CompanyCenterPage: () => null,
}));
vi.mock('../shell/notice-feed-context', () => ({ useNoticeRefresh: () => () => undefined }));

function shown(screen: ReactNode) {
  return render(
    <Provider store={createAppStore()}>
      <MemoryRouter>{screen}</MemoryRouter>
    </Provider>,
  );
}

describe('the company centre’s screens', () => {
  beforeEach(() => {
    stale.contracts.mockClear();
    stale.agreements.mockClear();
  });

  it('电子合同 reloads its contracts when a contract changes or events were missed, and no more once left', () => {
    const view = shown(<ContractsScreen />);
    emitRealtime('CONTRACT_STATUS');
    emitRealtime('REALTIME_RESYNC');
    emitRealtime('BILL_CHANGED');
    expect(stale.contracts).toHaveBeenCalledTimes(2);
    view.unmount();
    emitRealtime('CONTRACT_STATUS');
    expect(stale.contracts).toHaveBeenCalledTimes(2);
    expect(stale.agreements).not.toHaveBeenCalled();
  });

  it('the company centre reloads its agreements when a contract changes or events were missed', () => {
    shown(<CompanyCenterScreen />);
    emitRealtime('CONTRACT_STATUS');
    emitRealtime('REALTIME_RESYNC');
    emitRealtime('BILL_CHANGED');
    expect(stale.agreements).toHaveBeenCalledTimes(2);
    expect(stale.contracts).not.toHaveBeenCalled();
  });
});
