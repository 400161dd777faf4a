import type { OrgFunction } from '@contract/shell-schemas';
import { format } from '@/locales/format';
import { orgFunctionsMessages } from '@/locales/zh-CN/org-functions';

const text = orgFunctionsMessages;

/** Where a function stands for the organisation, in the order the questions are asked. */
export type FunctionState = 'opened' | 'comingSoon' | 'notOffered' | 'notOpened';

export function functionStateOf(fn: Pick<OrgFunction, 'opened' | 'available' | 'offered'>): FunctionState {
  if (fn.opened) return 'opened';
  if (!fn.available) return 'comingSoon';
  if (!fn.offered) return 'notOffered';
  return 'notOpened';
}

/** Its label: 已开通, 即将上线, 当前渠道暂不支持 or 未开通. */
export const functionStateLabel = (state: FunctionState): string => text[state];

/** What opening it still needs, named: 开通前需完成：企业认证、签署协议; empty when nothing. */
export function missingText(fn: Pick<OrgFunction, 'missing'>): string {
  if (fn.missing.length === 0) return '';
  return format(text.needs, { items: fn.missing.map((item) => text.prerequisites[item]).join('、') });
}
