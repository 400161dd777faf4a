import { AMOUNT_ENTRIES } from '@contract/bank-account';
import { bankMessages } from '@/locales/zh-CN/bank';
import { bankAccountMessages } from '@/locales/zh-CN/bank-account';
import { helpArticles } from './help-articles';

const textOf = (id: string) => {
  const article = helpArticles.find((candidate) => candidate.id === id)!;
  return article.sections
    .flatMap((section) => [...(section.paragraphs ?? []), ...(section.steps ?? []), ...(section.tips ?? [])])
    .join('\n');
};

describe('the help centre and the screens it explains', () => {
  it('names the bank account button and the state a verified account shows as the screen does', () => {
    const help = textOf('bank-account');
    expect(help).toContain(`「${bankAccountMessages.add}」`);
    expect(help).toContain(`「${bankMessages.accountStatus.VERIFIED}」`);
    expect(help).not.toContain('新增账户');
  });

  it('counts the amount entries of a transfer as the screen counts the tries left', () => {
    const help = textOf('org-auth');
    expect(help).toContain(`最多可填写 ${AMOUNT_ENTRIES} 次`);
    expect(help).not.toMatch(/超过 \d+ 次/);
  });
});
