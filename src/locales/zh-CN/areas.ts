/** Business areas that are still being built. */
export const areaMessages = {
  /** What each area that is still being built will do, shown on its 建设中 page. */
  plans: {
    issue: '登记出票信息，向承兑人提示承兑、向收款人提示收票，收票前可撤票。',
    endorse: '将持有的票据（或其中一段子票区间）背书转让给交易对手，并办理背书签收与拒签。',
    discount: '向贴现机构申请贴现，试算贴现利息与实付金额，跟踪贴现签收进度。',
    pledge: '以持有的票据向质权人申请质押或解除质押，查看质押签收结果。',
    guarantee: '为票据债务提供保证，或申请他人为本企业的票据提供保证。',
    recourse: '在拒付或到期未获付款时向前手发起追索，办理同意清偿并跟踪进度。',
    depository: '办理票据的存托与出托，查询托管中的票据与托管记录。',
    freeze: '查询被司法或监管冻结的票据，查看冻结与解冻记录。',
    trustTransfer: '办理信托项下票据的转让与受让，查询信托转让记录。',
    payPrompt: '到期前后向承兑人提示付款并办理付款应答；提示付款仅在工作日办理。',
    easeDiscount: '在线比较各机构报价，一键发起轻松贴融资申请并跟踪放款进度。',
    pledgeFinancing: '以票据质押向资金方申请融资：发起申请、签署合同、按期付息与还款。',
    pledgeFinancingStart: '质押融资申请的新增、签约、付息与详情办理页面。',
    directFinancingApply: '基于采购或销售订单向资金方申请融资，填写订单信息并上传贸易背景材料。',
    financingPlan: '制定企业的融资计划，按计划批量发起融资并跟踪执行情况。',
    invoice: '为已完成的业务申请开具发票，查看开票记录并下载电子发票。',
    orderPayment: '使用供应链票据支付采购订单，查看订单支付与签收状态。',
    cashPayment: '创建与管理现金支付单，跟踪付款进度并下载电子回单。',
    authorize: '通过小额打款或电子营业执照完成企业认证，办理法定代表人授权与执照绑定。',
    bankAccounts: '绑定与管理企业银行账户，完成账户小额打款验证。',
    contractSigning: '开通电子签章账户、管理印章，在线签署业务合同并查询签署结果。',
    staff: '邀请与管理企业员工，分配角色与操作权限。',
  },
  construction: {
    tag: '建设中',
    title: '「{name}」功能建设中',
    intro: '该功能正在建设中，上线后将在这里办理：',
    back: '返回工作台',
  },
} as const;
