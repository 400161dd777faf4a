/** The step-instruction panel of spec section 2: its two variants' titles and steps. */
export const stepInstructionsMessages = {
  LICENSE: {
    title: '操作步骤说明',
    steps: [
      '使用电子营业执照小程序或App扫描左侧二维码',
      '选择本企业的电子营业执照，输入执照密码',
      '点击“确认登录”，等待认证成功',
    ],
  },
  BANKTRANSFER: {
    title: '小额打款验证操作说明',
    steps: [
      '填写企业对公银行账户信息',
      '平台向该账户转入一笔1元以下的随机金额，预计2小时内到账',
      '收到款项后，查看银行短信或账户流水，在验证框中输入到账金额',
    ],
  },
  stepLabel: '第{index}步',
  imageAlt: '第{index}步示意图：{text}',
  preview: '点击查看大图',
} as const;
