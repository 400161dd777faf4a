const TIME_FORMAT = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** Epoch ms as Shanghai wall-clock time, e.g. 2026/03/02 09:00:00. */
export function formatShanghaiTime(epochMs: number): string {
  return TIME_FORMAT.format(new Date(epochMs));
}
