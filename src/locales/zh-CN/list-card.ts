/** A two-sided list of applications: the switch between its sides and its usual filters. */
export const listCardMessages = {
  sideLabel: '记录范围',
  statusFilter: '状态',
  allStatuses: '全部状态',
  packageNoFilter: '票据包号',
  packageNoPlaceholder: '输入票据包号的一部分',
} as const;
