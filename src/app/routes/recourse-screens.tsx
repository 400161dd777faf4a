import { RECOURSE_SIDE } from '@contract/recourse';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { invalidateRecourse } from '@/features/recourse/api/recourse-api';
import { RecoursePage } from '@/features/recourse/components/recourse-page';
import { useCanExport, useReloadOn, useSideParam } from './ledger-list-screen';

/** 追索 with the bill detail, reloaded when a bill of the organisation changes (the other side acted) or events were missed. */
export function RecourseScreen() {
  const detail = useBillDetail();
  const canExport = useCanExport();
  const { key, initialSide } = useSideParam(RECOURSE_SIDE.pursuer, RECOURSE_SIDE.debtor);
  useReloadOn(invalidateRecourse);
  return <RecoursePage key={key} initialSide={initialSide} canExport={canExport} detail={detail} />;
}
