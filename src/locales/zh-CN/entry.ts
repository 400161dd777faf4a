/** Arriving through an entry link (spec section 2). */
export const entryMessages = {
  signingIn: '登录中',
  redirecting: '页面跳转中',
  failed: '登录失败，请重新登录',
} as const;
