import { GUARANTEE_SIDE } from '@contract/guarantee';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { OrgPicker } from '@/features/bills/components/bill-parts';
import { RefusalReasonField } from '@/features/bills/components/ledger-acts';
import { invalidateGuarantees } from '@/features/guarantee/api/guarantee-api';
import { GuaranteePage } from '@/features/guarantee/components/guarantee-page';
import { useCanExport, useReloadOn, useSideParam } from './ledger-list-screen';

const PARTS = { OrgPicker, reasonField: <RefusalReasonField /> };

/** 保证 with the bill detail, reloaded when a bill of the organisation changes (the other side answered) or events were missed. */
export function GuaranteeScreen() {
  const detail = useBillDetail();
  const canExport = useCanExport();
  const { key, initialSide } = useSideParam(GUARANTEE_SIDE.applied, GUARANTEE_SIDE.received);
  useReloadOn(invalidateGuarantees);
  return (
    <GuaranteePage key={key} initialSide={initialSide} canExport={canExport} detail={detail} parts={PARTS} />
  );
}
