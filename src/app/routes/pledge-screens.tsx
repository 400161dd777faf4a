import { useEffect } from 'react';
import { BILL_STATUS } from '@contract/bills';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useHeldBillsQuery } from '@/features/bills/api/bills-api';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { useInstitutionsQuery } from '@/features/discount/api/discount-api';
import { invalidatePledges } from '@/features/pledge/api/pledge-api';
import { PledgePage } from '@/features/pledge/components/pledge-page';

/** Holdings offered for pledge: the first page of 100 received ones. */
const HOLDING_CHOICES = 100;

/**
 * 质押 with the ledger's held bills and bill detail, reloaded when a bill of the organisation changes (the
 * institution answered, the pledgee asks a release), a notice arrives, or events were missed.
 */
export function PledgeScreen() {
  const dispatch = useAppDispatch();
  const held = useHeldBillsQuery({ page: 0, size: HOLDING_CHOICES, billStatus: BILL_STATUS.received });
  const institutions = useInstitutionsQuery();
  const detail = useBillDetail();
  const canExport = !!useAppSelector(selectUserInfo)?.permissions?.[PERMISSION.exportCenter.path];
  useEffect(() => {
    const reload = () => void dispatch(invalidatePledges());
    const offs = [REALTIME_EVENT.bill, REALTIME_EVENT.notice, REALTIME_EVENT.resync].map((event) =>
      subscribeRealtime(event, reload),
    );
    return () => offs.forEach((off) => off());
  }, [dispatch]);
  return (
    <PledgePage
      holdings={held.data?.content ?? []}
      holdingsLoading={held.isFetching}
      institutions={institutions.data ?? []}
      institutionsLoading={institutions.isFetching}
      detail={detail}
      canExport={canExport}
    />
  );
}
