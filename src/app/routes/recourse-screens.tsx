import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PERMISSION } from '@contract/permissions';
import { RECOURSE_SIDE } from '@contract/recourse';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { ConfirmActModal } from '@/features/bills/components/ledger-acts';
import { invalidateRecourse } from '@/features/recourse/api/recourse-api';
import { RecoursePage } from '@/features/recourse/components/recourse-page';

const PARTS = { ConfirmActModal };

/** 追索 with the bill detail, reloaded when a bill of the organisation changes (the other side acted) or events were missed. */
export function RecourseScreen() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector(selectUserInfo);
  const detail = useBillDetail();
  const [params] = useSearchParams();
  const side = params.get('side');
  useEffect(() => {
    const reload = () => void dispatch(invalidateRecourse());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
  return (
    <RecoursePage
      key={side ?? ''}
      initialSide={side === RECOURSE_SIDE.debtor ? RECOURSE_SIDE.debtor : RECOURSE_SIDE.pursuer}
      canExport={!!userInfo?.permissions?.[PERMISSION.exportCenter.path]}
      detail={detail}
      parts={PARTS}
    />
  );
}
