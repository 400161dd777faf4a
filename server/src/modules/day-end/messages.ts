/** What the day-end's routes answer. */
export const DAY_END_MSG = {
  clockInvalid: '请给出带时区的时间，例如 2027-03-02T21:30:00+08:00',
  dateInvalid: '营业日须为有效日期，格式YYYY-MM-DD',
  notClosed: (date: string) => `${date}尚未到日终时间，请先将时钟调到其日终之后`,
  notBusinessDay: (date: string) => `${date}不是营业日，没有日终处理`,
} as const;
