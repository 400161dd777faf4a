/** The filter bar above a list: its buttons and the word that an export was asked for. */
export const listFilterBarMessages = {
  search: '查询',
  reset: '重置',
  export: '导出',
  exportCreated: '导出任务已创建，请到导出中心下载',
} as const;
