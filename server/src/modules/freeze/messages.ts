/** What 冻结 answers, in Chinese. */
export const FREEZE_MSG = {
  freeze: '冻结登记',
  lift: '解除冻结登记',
  registry: '票据登记机构',
  billNotFound: '票据不存在',
  freezeNotFound: '冻结记录不存在',
  rangeInvalid: '冻结区间须在票据的子票区间之内，且起始不大于结束',
  notSplittable: '该票据不可分包，只能整张冻结',
  notReceived: '只能冻结持票人已签收的票据区间',
  alreadyFrozen: '该区间已有部分被冻结',
  severalHolders: '冻结区间须在同一持票人的持有之内',
  spansHoldings: '冻结区间跨越了状态不同的持有，请分别冻结',
  alreadyLifted: '该冻结已解除',
  cleared: (risk: string, authority: string, documentNo: string) =>
    `票据区间被${authority}${risk}（${documentNo}），申请被清退`,
  eventReason: (risk: string, authority: string, documentNo: string) =>
    `${risk}：${authority}（${documentNo}）`,
  liftReason: (authority: string, documentNo: string) => `解除冻结：${authority}（${documentNo}）`,
  frozenTitle: '票据被冻结',
  frozenNotice: (
    packageNo: string,
    range: string,
    amount: string,
    risk: string,
    authority: string,
    documentNo: string,
  ) =>
    `贵司持有的票据${packageNo}（子票区间${range}，${amount}元）已被${authority}${risk}，文书号${documentNo}。解除冻结前该区间不能办理任何业务。`,
  liftedTitle: '票据解除冻结',
  liftedNotice: (packageNo: string, range: string, authority: string, documentNo: string) =>
    `贵司持有的票据${packageNo}（子票区间${range}）已由${authority}解除冻结，文书号${documentNo}。`,
} as const;
