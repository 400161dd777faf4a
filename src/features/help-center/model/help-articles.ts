/**
 * The help centre's articles (sign-in, organisation authentication, bank account binding,
 * electronic contract signing, pledge financing). Content, not interface text: it lives beside the page
 * that shows it rather than in the message catalogue.
 *
 * Where an article names a button, a state or a limit of a screen, it takes it from the same catalogue
 * entry or constant the screen shows, so the two cannot drift apart.
 */
import { AMOUNT_ENTRIES, TRANSFER_EXPECTED_HOURS, VERIFICATION_WINDOW_DAYS } from '@contract/bank-account';
import { bankMessages } from '@/locales/zh-CN/bank';
import { bankAccountMessages } from '@/locales/zh-CN/bank-account';
import { navMessages } from '@/locales/zh-CN/nav';

export interface HelpSection {
  id: string;
  title: string;
  paragraphs?: string[];
  steps?: string[];
  tips?: string[];
}

export interface HelpArticle {
  id: string;
  title: string;
  summary: string;
  sections: HelpSection[];
}

export const helpArticles: HelpArticle[] = [
  {
    id: 'sign-in',
    title: '登录与账号安全',
    summary: '使用手机号和密码登录，提交前需完成滑块拼图安全验证；多次输错密码会被暂时锁定。',
    sections: [
      {
        id: 'sign-in-steps',
        title: '如何登录',
        steps: [
          '打开登录页，输入注册时使用的 11 位手机号和登录密码。',
          '点击「登录」后会弹出「请完成安全验证」窗口。',
          '按住下方滑块向右拖动，让拼图块与背景图中的缺口对齐后松开。',
          '提示「x秒验证成功」后系统自动登录，并进入工作台。',
        ],
        tips: ['密码在浏览器内加密后才发送，平台工作人员不会以任何理由向您索要密码或验证码。'],
      },
      {
        id: 'slider-puzzle',
        title: '滑块拼图验证',
        paragraphs: [
          '滑块拼图用于确认是本人在操作，防止程序批量尝试密码。拼图块需要与缺口对齐，允许几个像素的误差。',
          '拖动距离过短（不足 5 像素）会直接复位，不计为一次验证；验证失败时显示红色提示，1.5 秒后自动复位，可再次拖动。',
          '看不清图片时点击右上角的刷新按钮换一张。若提示「图片获取失败」，说明请求过于频繁，请稍等片刻再刷新。',
        ],
        tips: ['键盘也可以完成验证：选中滑块后用左右方向键移动，按回车键提交。'],
      },
      {
        id: 'account-lock',
        title: '密码错误与账号锁定',
        paragraphs: [
          '输错密码时页面提示「手机号或密码错误」，系统会按手机号累计错误次数。连续多次输错后账号会被暂时锁定，锁定期间即使密码正确也无法登录，请等待锁定时间结束后再试。',
          '如果忘记密码，请在登录页使用「忘记密码」通过短信验证码重设；如账号持续异常，请联系企业管理员。',
        ],
      },
      {
        id: 'entry-link',
        title: '从合作平台跳转登录',
        paragraphs: [
          '从合作平台点击进入时，页面会依次显示「登录中」与「页面跳转中」，约数秒后自动打开工作台或对应业务页面，无需再次输入密码。',
          '若提示登录失败，说明跳转链接已失效（链接只能使用一次），请回到合作平台重新进入，或直接使用手机号和密码登录。',
        ],
      },
    ],
  },
  {
    id: 'org-auth',
    title: '企业认证',
    summary: '企业可通过对公账户小额打款或电子营业执照扫码完成认证，认证后才能办理票据业务。',
    sections: [
      {
        id: 'org-auth-why',
        title: '为什么要认证',
        paragraphs: [
          '出票、背书、贴现、质押等票据业务需要以企业名义办理，平台必须确认操作人确实代表该企业。未认证的企业可以浏览工作台，但办理业务时会提示「暂无操作权限，请联系企业管理员」。',
        ],
      },
      {
        id: 'bank-transfer-auth',
        title: '小额打款认证',
        steps: [
          '填写企业对公银行账户信息：开户银行、开户省市、开户支行及联行号、账号。',
          `服务商向该账户转入一笔 1 元以下的随机金额，预计 ${TRANSFER_EXPECTED_HOURS} 小时内到账。`,
          '收到到账短信或在网银中查到该笔入账后，在验证框中填写收到的准确金额并提交。',
        ],
        tips: [
          `打款金额需在 ${VERIFICATION_WINDOW_DAYS} 天内回填；每笔打款最多可填写 ${AMOUNT_ENTRIES} 次，页面显示剩余次数，${AMOUNT_ENTRIES} 次都不正确需要重新发起认证。`,
          '对公账号只能包含数字，请勿填写空格以外的字符。',
        ],
      },
      {
        id: 'license-auth',
        title: '电子营业执照扫码认证',
        steps: [
          '使用电子营业执照小程序或 App 扫描页面左侧的二维码。',
          '选择本企业的电子营业执照，并输入执照密码。',
          '点击「确认登录」，等待页面提示认证成功。',
        ],
        tips: [
          '二维码 9 分钟内有效，过期后点击「刷新」重新获取。',
          '经办人被精确授权时，授权事项须为「电子商务-互联网认证服务-统一身份认证」，并使用被授权的电子营业执照完成认证。',
        ],
      },
    ],
  },
  {
    id: 'bank-account',
    title: '银行账户绑定',
    summary: '绑定企业对公账户后，票据的资金结算（贴现款、融资款、到期兑付）都通过该账户进行。',
    sections: [
      {
        id: 'bank-account-bind',
        title: '如何绑定银行账户',
        steps: [
          `进入「${navMessages.companyCenter} › ${navMessages.bankAccounts}」，点击「${bankAccountMessages.add}」。`,
          '通过银行名称或联行号搜索开户支行；联行号为 12 位数字，前 3 位代表银行。',
          '填写对公账号并提交，系统会发起小额打款验证。',
          `回填到账金额，验证通过后账户状态变为「${bankMessages.accountStatus.VERIFIED}」。`,
        ],
      },
      {
        id: 'bank-account-faq',
        title: '常见问题',
        paragraphs: [
          '搜索开户行时至少填写联行号、银行全称或简称中的一项。',
          '一个企业可以绑定多个账户，办理业务时选择入账账户即可；解绑前请确认没有在途业务。',
        ],
      },
    ],
  },
  {
    id: 'contract-sign',
    title: '电子合同签署',
    summary: '开通电子签章账户并管理印章后，可在线签署质押融资等业务合同，签署结果可随时查询。',
    sections: [
      {
        id: 'e-sign-open',
        title: '开通电子签章账户',
        steps: [
          '进入「企业中心 › 合同签署」，按提示开通企业电子签章账户。',
          '开通后在印章列表中查看企业印章，首次使用需确认默认印章。',
        ],
      },
      {
        id: 'e-sign-sign',
        title: '签署合同',
        paragraphs: [
          '办理需要合同的业务时，系统根据模板生成合同，可先在线预览全文。确认无误后选择印章签署；多份合同可以批量签署。',
          '涉及资金的关键操作会要求短信验证码或电子营业执照扫码二次验证，验证通过后才会完成签署。',
        ],
        tips: ['签署结果以平台查询为准；签署失败时可在签署记录中查看原因后重新签署。'],
      },
    ],
  },
  {
    id: 'pledge-financing',
    title: '质押融资',
    summary: '以持有的供应链票据质押给资金方获得融资：发起申请、签署合同、按期付息，到期还款后解除质押。',
    sections: [
      {
        id: 'pledge-financing-flow',
        title: '办理流程',
        steps: [
          '在「融资服务 › 质押融资」选择资金方和融资产品，添加要质押的票据（可选择票据的部分子票区间）。',
          '系统按质押率计算可融资额度，并实时试算融资成本（利息与费用）。',
          '提交申请后等待资金方审批；审批通过后在线签署融资合同。',
          '放款后按约定付息；融资到期还款完成，质押的票据解除质押。',
        ],
      },
      {
        id: 'pledge-financing-rules',
        title: '额度与期限',
        paragraphs: [
          '融资金额不超过各张质押票据的票面金额乘以质押率之和；融资到期日不晚于质押票据中最早的到期日。',
          '利息按「本金 × 年化利率 × 实际天数 ÷ 360」计算。质押期间票据状态为「已质押」，不能背书转让或贴现。',
        ],
        tips: ['申请可以先保存为草稿，补充资料后再提交；审批前可以撤销申请。'],
      },
    ],
  },
];
