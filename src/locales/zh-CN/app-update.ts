/** A new version of the desktop client or of the web app. */
export const appUpdateMessages = {
  desktop: {
    updateTitle: '发现新版本',
    updateContent: '客户端有新版本可用，是否立即更新？更新完成后将自动重启。',
    updateNow: '立即更新',
    later: '稍后',
    upToDate: '当前已是最新版本',
  },
  serviceWorker: {
    updateTitle: '发现新版本',
    updateContent: '发现新版本，是否立即刷新？',
    refresh: '立即刷新',
    later: '稍后',
  },
} as const;
