import type { RecourseCandidate, RecourseRecord } from '@contract/recourse-schemas';

/** The parties of the recourse tests' bill. */
export const SHANGHAI = { orgId: 'o-sh', name: '上海链票示范供应链有限公司' };
export const NINGBO = { orgId: 'o-nb', name: '宁波海曙包装材料有限公司' };
export const SUZHOU = { orgId: 'o-sz', name: '苏州工业园区精密制造有限公司' };

/** The claim on a 1,000,000.00 bill refused at maturity, three days of interest at 4.35%. */
export const recourseClaim = {
  basis: 'face' as const,
  face: '1000000.00',
  rate: '4.3500',
  interestFrom: '2026-06-02',
  interestTo: '2026-06-05',
  days: 3,
  interest: '362.50',
  costs: '0.00',
  total: '1000362.50',
};

/** That bill as a holder may pursue it: its acceptor and an endorser within reach. */
export const recourseCandidate: RecourseCandidate = {
  holdingId: 'h-1',
  packageId: 'p-1',
  packageNo: '731029000001320260302000000018',
  range: '000000000001-000100000000',
  amount: '1000000.00',
  dueDate: '2026-06-02',
  kind: 'BC14',
  since: '2026-06-02',
  lastDay: '2026-12-02',
  overdue: false,
  parties: [
    { ...SHANGHAI, role: 'acceptor', guaranteed: null },
    { ...NINGBO, role: 'endorser', guaranteed: null },
  ],
  claim: recourseClaim,
  agreementPending: false,
};

/** A recourse notice on that bill, sent by 苏州 to the acceptor with costs added, changed by `fields`. */
export const recourseNotice = (fields: Partial<RecourseRecord>): RecourseRecord => ({
  id: 'n-1',
  packageId: 'p-1',
  packageNo: recourseCandidate.packageNo,
  range: recourseCandidate.range,
  dueDate: '2026-06-02',
  kind: 'BC14',
  nonRefusalReason: null,
  attachmentId: null,
  pursuer: SUZHOU,
  pursuerPledgee: false,
  debtor: SHANGHAI,
  debtorRole: 'acceptor',
  status: 'notified',
  claim: { ...recourseClaim, costs: '120.00', total: '1000482.50' },
  costsNote: '公证费',
  agreedAmount: null,
  clearing: null,
  rejectReason: null,
  notifiedAt: '2026-06-05T02:00:00.000Z',
  agreedAt: null,
  closedAt: null,
  actions: [],
  ...fields,
});
