/** Amounts as people type them: the shared amount field's messages. */
export const amountMessages = {
  unit: '元',
  required: (label: string) => `请输入${label}`,
  format: '请输入数字金额，最多两位小数',
  notPositive: '金额须大于0',
  belowMin: (least: string) => `金额不能少于${least}元`,
  aboveMax: (largest: string) => `金额不能超过${largest}元`,
} as const;
