/** 帮助中心: its introduction, search and contents. */
export const helpCenterMessages = {
  title: '帮助中心',
  intro: '这里汇总了使用链票通供应链票据平台的常见问题。',
  sections: [
    {
      title: '如何登录',
      body: '使用注册时的手机号和密码登录。提交后需拖动滑块完成拼图安全验证，验证通过后即可进入工作台。',
    },
    {
      title: '忘记密码或账号被锁定',
      body: '多次输入错误密码后账号会被临时锁定，请稍后再试；如仍无法登录，请联系企业管理员处理。',
    },
    {
      title: '企业认证与操作权限',
      body: '部分业务需要企业完成认证后才能办理。若提示暂无操作权限，请联系企业管理员开通。',
    },
  ],
  backToLogin: '返回登录',
  backHome: '返回首页',
  searchLabel: '搜索帮助内容',
  searchPlaceholder: '输入关键词，如「滑块」「打款」「质押」',
  toc: '目录',
  resultCount: '找到 {count} 篇相关内容',
  noResult: '没有找到与「{query}」相关的内容，换个关键词试试',
  steps: '操作步骤',
  tips: '提示',
} as const;
