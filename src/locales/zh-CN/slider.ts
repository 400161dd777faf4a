/** The slider puzzle. */
export const sliderMessages = {
  title: '请完成安全验证',
  prompt: '拖动滑块完成拼图',
  handleLabel: '拼图滑块，可用左右方向键移动，回车键提交',
  verifying: '正在验证…',
  success: '{seconds}秒验证成功',
  failure: '验证失败',
  imageFailure: '图片获取失败',
  refresh: '刷新验证码',
  puzzleAlt: '拼图背景',
  pieceAlt: '拼图块',
} as const;
