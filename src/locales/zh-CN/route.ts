/** What a route shows when its page cannot be loaded or shown. */
export const routeMessages = {
  chunkLoadError: '页面加载失败，请检查网络后重新加载',
  routeError: '页面出错了，请重新加载或返回首页',
  notFound: '页面不存在',
} as const;
