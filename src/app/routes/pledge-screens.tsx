import { REALTIME_EVENT } from '@contract/realtime';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { useInstitutionsQuery } from '@/features/discount/api/discount-api';
import { invalidatePledges } from '@/features/pledge/api/pledge-api';
import { PledgePage } from '@/features/pledge/components/pledge-page';
import { LEDGER_EVENTS, useCanExport, useHeldChoices, useReloadOn } from './ledger-list-screen';

/** A pledgee's release request also arrives as a notice. */
const PLEDGE_EVENTS = [...LEDGER_EVENTS, REALTIME_EVENT.notice];

/**
 * 质押 with the ledger's held bills and bill detail, reloaded when a bill of the organisation changes (the
 * institution answered, the pledgee asks a release), a notice arrives, or events were missed.
 */
export function PledgeScreen() {
  const held = useHeldChoices();
  const institutions = useInstitutionsQuery();
  const detail = useBillDetail();
  const canExport = useCanExport();
  useReloadOn(invalidatePledges, PLEDGE_EVENTS);
  return (
    <PledgePage
      {...held}
      institutions={institutions.data ?? []}
      institutionsLoading={institutions.isFetching}
      detail={detail}
      canExport={canExport}
    />
  );
}
