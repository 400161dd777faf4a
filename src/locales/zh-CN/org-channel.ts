/** The organisation's settlement channels, and the page shown when the channel configuration is missing. */
export const orgChannelMessages = {
  title: '结算渠道',
  intro: '业务默认通过默认渠道办理结算。',
  defaultTag: '默认',
  setDefault: '设为默认',
  setDefaultDone: '已将「{name}」设为默认渠道',
  setDefaultFailed: '设置默认渠道失败，请稍后重试',
  empty: '暂无可用渠道',
  notChecked: '尚未确认默认渠道，请选择一个渠道设为默认',
  loadFailed: '渠道加载失败',
  notFoundCode: '404',
  notFoundTitle: '页面不存在',
  notFoundHint: '平台渠道配置加载失败，请确认访问地址是否正确，或稍后重试。',
  retry: '重新加载',
} as const;
