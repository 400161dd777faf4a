import { NOTICE_TYPE } from '@contract/notice';
import { markRead, postNotice } from '../../modules/notice/service';
import type { Db } from '../database';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../seed';

type Company = keyof typeof DEMO_ORGS;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * The platform's announcements to the demo companies (to-do notices come from the ledger's own acts), some
 * of them read by some members.
 */
const EVERY_COMPANY: readonly Company[] = ['shanghai', 'hangzhou', 'suzhou', 'ningbo'];

const ANNOUNCEMENTS: ReadonlyArray<{
  to: readonly Company[];
  title: string;
  content: string;
  daysAgo: number;
  readBy: readonly string[];
}> = [
  {
    to: EVERY_COMPANY,
    title: '系统升级维护通知',
    content: '平台将于本周六 22:00 至次日 06:00 进行系统升级，期间暂停服务，请提前安排业务。',
    daysAgo: 5,
    readBy: ['13800000002'],
  },
  {
    to: EVERY_COMPANY,
    title: '供应链票据业务规则更新说明',
    content: '根据最新规定，商业汇票最长期限为 6 个月，请在出票时注意票据到期日的填写。',
    daysAgo: 12,
    readBy: ['13800000001', '13800000002'],
  },
  {
    to: ['shanghai', 'hangzhou'],
    title: '电子营业执照认证上线',
    content: '企业可通过电子营业执照小程序扫码完成企业认证与法定代表人授权。',
    daysAgo: 20,
    readBy: ['13800000001'],
  },
  {
    to: EVERY_COMPANY,
    title: '反诈骗提示',
    content: '平台工作人员不会索要您的登录密码与短信验证码，请谨防诈骗。',
    daysAgo: 30,
    readBy: [],
  },
  {
    to: ['hangzhou'],
    title: '平台服务协议更新',
    content: '平台服务协议已更新，请企业管理员阅读并确认。',
    daysAgo: 7,
    readBy: [],
  },
];

/** Posts the announcements through the notice module, and marks the ones read that members have read. */
export async function seedAnnouncements(trx: Db, now: number): Promise<void> {
  for (const announcement of ANNOUNCEMENTS) {
    for (const company of announcement.to) {
      const orgId = DEMO_ORGS[company].id;
      const postedAt = now - announcement.daysAgo * DAY;
      const notice = await postNotice(
        trx,
        {
          orgId,
          userId: null,
          type: NOTICE_TYPE.announcement,
          title: announcement.title,
          content: announcement.content,
        },
        postedAt,
      );
      const readers = DEMO_ACCOUNTS.filter(
        (account) =>
          announcement.readBy.includes(account.mobile) && account.memberships.some((m) => m.org === company),
      );
      for (const reader of readers) {
        await markRead(trx, { orgId, userId: reader.id }, notice.id, postedAt + HOUR);
      }
    }
  }
}
