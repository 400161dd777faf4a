/** Words every screen uses. */
export const commonMessages = {
  tip: '提示',
  ok: '确定',
  cancel: '取消',
  loading: '加载中…',
  /** A calculator's figures (试算, 测算) for the terms just typed are on their way. */
  calculating: '正在计算…',
  platformName: '链票通供应链票据平台',
  reload: '重新加载',
  backHome: '返回首页',
  clear: '清除',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  search: '搜索',
  selectRow: '选择此行',
  selectPage: '全选当页',
} as const;
