import { DEFAULT_CHANNEL_ID } from '@contract/constants';
import type { FuncCode, OpStatus, OpType } from '@contract/shell';
import type { BizType } from '@contract/statistics';
import { NOTICE_TYPE } from '@contract/notice';
import { shanghaiDate, shanghaiDayStart } from '../lib/shanghai-time';
import type { Db } from './database';
import type { BillOperationTable, BillTable } from './schema';

/**
 * Demo history behind the dashboard of 13800000001: bills, their operation log, notices, channels and opened
 * functions, spread over the months before the seed time. Deterministic: a fixed-seed generator, so every
 * fresh demo database (and every test) holds the same rows, only shifted with the seed time.
 */

const HISTORY_SEED = 20260302;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** A little past six months, so the statistics window's lower edge has rows on both sides of it. */
const HISTORY_DAYS = 175;
/** Bills are 5万 to 500万 yuan in steps of 100 yuan, held in fen. */
const BILL_STEP_FEN = 10_000;
const BILL_MIN_STEPS = 500;
const BILL_MAX_STEPS = 50_000;
/** At most 6 months from issue to maturity (docs/domain.md). */
const TERM_MIN_DAYS = 90;
const TERM_MAX_DAYS = 180;
const WORKDAY_START_HOUR = 9;
const WORKDAY_HOURS = 8;

export const DEMO_CHANNELS = [
  { id: DEFAULT_CHANNEL_ID, name: '链票通供应链票据平台' },
  { id: 'CH0002', name: '银企直连票据渠道' },
] as const;

const ALL_FUNCTIONS: FuncCode[] = [
  'BILL_ISSUE',
  'BILL_ACCEPT',
  'BILL_ENDORSE',
  'BILL_DISCOUNT',
  'BILL_PLEDGE',
  'BILL_PAY_PROMPT',
  'PLEDGE_FIN',
  'EASE_DISCOUNT',
  'ORDER_FIN',
  'E_SIGN',
];
const CHANNEL_FUNCTIONS: Record<string, FuncCode[]> = {
  [DEFAULT_CHANNEL_ID]: ALL_FUNCTIONS,
  CH0002: ['BILL_ISSUE', 'BILL_ACCEPT', 'BILL_ENDORSE', 'BILL_DISCOUNT', 'BILL_PAY_PROMPT', 'E_SIGN'],
};

const COUNTERPARTIES = [
  '江苏恒瑞精密机械有限公司',
  '浙江天成包装材料有限公司',
  '苏州工业园区华信电子有限公司',
  '安徽海螺建材贸易有限公司',
  '山东鲁信钢铁物流有限公司',
  '广州南沙港务供应链有限公司',
  '宁波舟山港物流有限公司',
  '无锡新纪元纺织有限公司',
  '南京金陵汽车零部件有限公司',
  '合肥京东方光电配套有限公司',
  '上海宝钢钢材贸易有限公司',
  '常州天合光能配套有限公司',
];

/** Banks with their 12-digit payment-system numbers (docs/domain.md: 102 ICBC, 104 BOC, 105 CCB, 308 CMB ...). */
const BANKS = [
  { name: '中国工商银行上海市分行营业部', cnaps: '102290002018' },
  { name: '中国银行上海市分行', cnaps: '104290003033' },
  { name: '中国建设银行上海市分行', cnaps: '105290036005' },
  { name: '招商银行上海分行', cnaps: '308290003020' },
  { name: '上海浦东发展银行上海分行', cnaps: '310290000013' },
  { name: '交通银行上海市分行', cnaps: '301290000007' },
];

interface OrgHistoryPlan {
  orgName: string;
  bills: number;
  channels: Array<{ id: string; isDefault: boolean }>;
  openedFunctions: FuncCode[];
  notices: NoticePlan[];
}

interface NoticePlan {
  /** Mobile of the one member it is for; absent for every member of the organisation. */
  to?: string;
  type: number;
  title: string;
  content: string;
  daysAgo: number;
  /** Mobiles of the members who have read it. */
  readBy: string[];
}

const TODO = NOTICE_TYPE.todo;
const ANNOUNCEMENT = NOTICE_TYPE.announcement;

const PLANS: OrgHistoryPlan[] = [
  {
    orgName: '上海链票示范供应链有限公司',
    bills: 60,
    channels: [
      { id: DEFAULT_CHANNEL_ID, isDefault: true },
      { id: 'CH0002', isDefault: false },
    ],
    openedFunctions: ['BILL_ISSUE', 'BILL_ACCEPT', 'BILL_ENDORSE', 'BILL_DISCOUNT', 'E_SIGN'],
    notices: [
      {
        to: '13800000001',
        type: TODO,
        title: '您有一笔背书待签收',
        content: '江苏恒瑞精密机械有限公司向贵司背书转让供应链票据一笔，金额 1,280,000.00 元，请及时签收。',
        daysAgo: 0,
        readBy: [],
      },
      {
        to: '13800000001',
        type: TODO,
        title: '提示承兑待签收',
        content: '浙江天成包装材料有限公司提示承兑一笔商业票据，金额 560,000.00 元，请在 3 日内处理。',
        daysAgo: 1,
        readBy: [],
      },
      {
        to: '13800000001',
        type: TODO,
        title: '质押融资合同待签署',
        content: '贵司的质押融资申请已通过审核，请前往电子合同签署页面完成签署。',
        daysAgo: 2,
        readBy: [],
      },
      {
        to: '13800000001',
        type: TODO,
        title: '票据即将到期',
        content: '贵司持有的 3 张供应链票据将在 7 日内到期，请关注提示付款安排。',
        daysAgo: 4,
        readBy: ['13800000001'],
      },
      {
        to: '13800000001',
        type: TODO,
        title: '银行账户绑定成功',
        content: '贵司对公账户（尾号 6688）已通过小额打款验证，绑定成功。',
        daysAgo: 9,
        readBy: ['13800000001'],
      },
      {
        to: '13800000002',
        type: TODO,
        title: '贴现申请待补充材料',
        content: '贵司提交的贴现申请缺少贸易背景合同，请补充后重新提交。',
        daysAgo: 1,
        readBy: [],
      },
      {
        to: '13800000002',
        type: TODO,
        title: '背书申请已被签收',
        content: '贵司向南京金陵汽车零部件有限公司的背书转让已签收完成。',
        daysAgo: 6,
        readBy: ['13800000002'],
      },
      {
        type: ANNOUNCEMENT,
        title: '关于国庆节期间票据业务安排的公告',
        content: '国庆节假期期间暂停办理提示付款等需在营业日办理的业务，节后首个工作日恢复正常。',
        daysAgo: 3,
        readBy: [],
      },
      {
        type: ANNOUNCEMENT,
        title: '系统升级维护通知',
        content: '平台将于本周六 22:00 至次日 06:00 进行系统升级，期间暂停服务，请提前安排业务。',
        daysAgo: 5,
        readBy: ['13800000002'],
      },
      {
        type: ANNOUNCEMENT,
        title: '供应链票据业务规则更新说明',
        content: '根据最新规定，商业汇票最长期限为 6 个月，请在出票时注意票据到期日的填写。',
        daysAgo: 12,
        readBy: ['13800000001', '13800000002'],
      },
      {
        type: ANNOUNCEMENT,
        title: '电子营业执照认证上线',
        content: '企业可通过电子营业执照小程序扫码完成企业认证与法定代表人授权。',
        daysAgo: 20,
        readBy: ['13800000001'],
      },
      {
        type: ANNOUNCEMENT,
        title: '反诈骗提示',
        content: '平台工作人员不会索要您的登录密码与短信验证码，请谨防诈骗。',
        daysAgo: 30,
        readBy: ['13800000001'],
      },
    ],
  },
  {
    orgName: '杭州未认证贸易有限公司',
    bills: 5,
    channels: [
      { id: DEFAULT_CHANNEL_ID, isDefault: false },
      { id: 'CH0002', isDefault: true },
    ],
    openedFunctions: ['BILL_ENDORSE'],
    notices: [
      {
        to: '13800000003',
        type: TODO,
        title: '杭州：请完成企业认证',
        content: '贵司尚未完成企业认证，完成后方可办理票据业务。',
        daysAgo: 0,
        readBy: [],
      },
      {
        to: '13800000003',
        type: TODO,
        title: '杭州：背书待签收',
        content: '宁波舟山港物流有限公司向贵司背书转让供应链票据一笔，请及时签收。',
        daysAgo: 2,
        readBy: [],
      },
      {
        type: ANNOUNCEMENT,
        title: '杭州：平台服务协议更新',
        content: '平台服务协议已更新，请企业管理员阅读并确认。',
        daysAgo: 7,
        readBy: [],
      },
    ],
  },
];

/** mulberry32: small, fast and good enough for demo data. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const chance = (p: number) => next() < p;
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join('');
  /** A version-4-shaped UUID drawn from the generator, so ids repeat across fresh databases. */
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { next, int, pick, chance, uuid, digits };
}
type Generator = ReturnType<typeof generator>;

interface Member {
  userId: string;
  name: string;
  mobile: string;
}

/**
 * Bills of one organisation and their operations. The organisation is drawer of about half of them
 * (issue, then acceptance by itself or a bank) and payee of the rest (receipt, then perhaps endorsement,
 * discount or pledge). Later operations that would fall after `now` are still processing.
 */
function billsFor(
  rng: Generator,
  orgId: string,
  self: string,
  members: Member[],
  count: number,
  now: number,
): { bills: BillTable[]; operations: BillOperationTable[] } {
  const bills: BillTable[] = [];
  const operations: BillOperationTable[] = [];
  const latest = now - 10 * MINUTE;

  for (let i = 0; i < count; i++) {
    const daysAgo = rng.int(0, HISTORY_DAYS);
    const issuedAt = Math.min(
      shanghaiDayStart(now - daysAgo * DAY) +
        WORKDAY_START_HOUR * HOUR +
        rng.int(0, WORKDAY_HOURS * 60) * MINUTE,
      latest - 2 * HOUR,
    );
    const bank = rng.pick(BANKS);
    const bankBill = rng.chance(0.35);
    // Squared, so small bills are common and multi-million ones rare, as in a real portfolio.
    const amountFen =
      (BILL_MIN_STEPS + Math.floor(rng.next() ** 2 * (BILL_MAX_STEPS - BILL_MIN_STEPS))) * BILL_STEP_FEN;
    const issueDate = shanghaiDate(issuedAt);
    const dueAt = issuedAt + rng.int(TERM_MIN_DAYS, TERM_MAX_DAYS) * DAY;
    const packageNo = `${bankBill ? 8 : 7}${bank.cnaps}${issueDate.replace(/-/g, '')}${rng.digits(8)}${rng.digits(1)}`;
    const drawerRole = rng.chance(0.5);
    const other = rng.pick(COUNTERPARTIES);
    const drawer = drawerRole ? self : other;
    const payee = drawerRole ? other : self;
    const selfAccepted = !bankBill && drawerRole && rng.chance(0.5);
    let acceptor = drawer;
    if (bankBill) acceptor = bank.name;
    else if (drawerRole && !selfAccepted) acceptor = rng.pick(COUNTERPARTIES);
    const billId = rng.uuid();

    let circ = 'TF0301';
    let billStatus = 'CS03';
    const op = (
      bizType: BizType,
      opType: OpType,
      at: number,
      counterparty: string,
      fen = amountFen,
    ): BillOperationTable => {
      const operator = rng.pick(members);
      const processing = at > latest;
      const status: OpStatus = processing ? 'processing' : rng.chance(0.08) ? 'failed' : 'success';
      const row: BillOperationTable = {
        id: rng.uuid(),
        org_id: orgId,
        bill_id: billId,
        biz_id: rng.uuid(),
        biz_type: bizType,
        op_type: opType,
        bill_no: packageNo,
        sub_start: 1,
        sub_end: fen,
        amount_fen: fen,
        counterparty,
        status,
        operator_user_id: operator.userId,
        operator_name: operator.name,
        created_at: Math.min(at, now - rng.int(1, 9) * MINUTE),
      };
      operations.push(row);
      return row;
    };

    if (drawerRole) {
      const issued = op('issue', 'apply', issuedAt, other);
      const acceptedAt = issuedAt + rng.int(1, 6) * HOUR;
      if (selfAccepted) op('accept', 'sign', acceptedAt, other);
      else op('accept', 'apply', acceptedAt, acceptor);
      billStatus = issued.status === 'success' ? 'CS03' : 'CS01';
      circ = issued.status === 'success' ? 'TF0301' : 'TF0101';
    } else {
      op('issue', 'sign', issuedAt, drawer);
      const roll = rng.next();
      const laterAt = issuedAt + rng.int(1, 20) * DAY + rng.int(0, 6) * HOUR;
      if (roll < 0.45) {
        // Part of the holding leaves from the front of the range (practice, docs/domain.md).
        const partFen = rng.chance(0.5)
          ? amountFen
          : Math.max(
              BILL_STEP_FEN,
              Math.floor((amountFen * rng.int(2, 8)) / 10 / BILL_STEP_FEN) * BILL_STEP_FEN,
            );
        const row = op('trans', 'apply', laterAt, rng.pick(COUNTERPARTIES), partFen);
        if (row.status === 'processing') circ = 'TF0302';
        else if (row.status === 'success' && partFen === amountFen) circ = 'TF0501';
      } else if (roll < 0.7) {
        const row = op('discount', 'apply', laterAt, rng.pick(BANKS).name);
        if (row.status === 'processing') circ = 'TF0302';
        else if (row.status === 'success') circ = 'TF0501';
      } else if (roll < 0.9) {
        const row = op('pledge', 'apply', laterAt, rng.pick(BANKS).name);
        if (row.status === 'processing') circ = 'TF0302';
        else if (row.status === 'success') circ = 'TF0304';
      }
    }
    if (dueAt <= now) {
      billStatus = rng.chance(0.7) ? 'CS06' : 'CS04';
      circ = billStatus === 'CS06' ? 'TF0501' : 'TF0401';
    }

    bills.push({
      id: billId,
      org_id: orgId,
      package_no: packageNo,
      sub_start: 1,
      sub_end: amountFen,
      amount_fen: amountFen,
      drawer_name: drawer,
      acceptor_name: acceptor,
      payee_name: payee,
      bill_status: billStatus,
      circ_status: circ,
      issue_date: issueDate,
      due_date: shanghaiDate(dueAt),
      created_at: issuedAt,
    });
  }
  return { bills, operations };
}

const INSERT_CHUNK = 50;

async function insertChunked<T extends 'bills' | 'bill_operations'>(
  db: Db,
  table: T,
  rows: Array<BillTable | BillOperationTable>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK) as never)
      .execute();
  }
}

/**
 * Fills the demo organisations' history. Call inside the demo seed's transaction, after the organisations
 * and accounts exist; organisations that are missing are skipped.
 */
export async function seedDemoHistory(db: Db, now: number): Promise<void> {
  const rng = generator(HISTORY_SEED);

  await db
    .insertInto('channels')
    .values(DEMO_CHANNELS.map((c) => ({ id: c.id, name: c.name, created_at: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('channel_functions')
    .values(
      Object.entries(CHANNEL_FUNCTIONS).flatMap(([channelId, codes]) =>
        codes.map((code) => ({ channel_id: channelId, func_code: code })),
      ),
    )
    .onConflict((oc) => oc.columns(['channel_id', 'func_code']).doNothing())
    .execute();

  for (const plan of PLANS) {
    const org = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', plan.orgName)
      .executeTakeFirst();
    if (!org) continue;
    const members = (
      await db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id as userId', 'u.name', 'u.mobile'])
        .where('m.org_id', '=', org.id)
        .orderBy('m.created_at')
        .orderBy('u.mobile')
        .execute()
    ).map((m) => ({ userId: m.userId, name: m.name, mobile: m.mobile }));
    if (members.length === 0) continue;
    const byMobile = new Map(members.map((m) => [m.mobile, m.userId]));

    const { bills, operations } = billsFor(rng, org.id, plan.orgName, members, plan.bills, now);
    await insertChunked(db, 'bills', bills);
    await insertChunked(db, 'bill_operations', operations);

    for (const notice of plan.notices) {
      const id = rng.uuid();
      const createdAt = now - notice.daysAgo * DAY - rng.int(5, 600) * MINUTE;
      await db
        .insertInto('plat_messages')
        .values({
          id,
          org_id: org.id,
          user_id: notice.to ? (byMobile.get(notice.to) ?? null) : null,
          type: notice.type,
          title: notice.title,
          content: notice.content,
          created_at: createdAt,
        })
        .execute();
      const readers = notice.readBy.flatMap((mobile) => byMobile.get(mobile) ?? []);
      if (readers.length > 0)
        await db
          .insertInto('plat_message_reads')
          .values(readers.map((userId) => ({ message_id: id, user_id: userId, read_at: createdAt + HOUR })))
          .execute();
    }

    await db
      .insertInto('org_channels')
      .values(
        plan.channels.map((c, order) => ({
          org_id: org.id,
          channel_id: c.id,
          is_default: c.isDefault ? 1 : 0,
          created_at: now + order,
        })),
      )
      .execute();
    const owner = members[0];
    await db
      .insertInto('org_function_openings')
      .values(
        plan.openedFunctions.map((code) => ({
          org_id: org.id,
          func_code: code,
          opened_at: now - rng.int(30, 150) * DAY,
          opened_by: owner?.userId ?? null,
        })),
      )
      .execute();
  }
}
