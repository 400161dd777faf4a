/** Every user-visible string of the app. Grouped by screen or concern; placeholders as {name}. */
export const messages = {
  common: {
    tip: '提示',
    ok: '确定',
    cancel: '取消',
    loading: '加载中…',
  },
  slider: {
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
  },
} as const;

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
