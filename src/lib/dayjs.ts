import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** dayjs speaks Chinese app-wide; import dayjs from here so the locale is always set. */
dayjs.locale('zh-cn');

export { dayjs };
