import { helpArticles } from './help-articles';
import { searchArticles, splitByQuery } from './search';

describe('help centre search', () => {
  it('shows every article without a query', () => {
    expect(searchArticles(helpArticles, '  ')).toHaveLength(helpArticles.length);
  });

  it('keeps the sections that mention the query, across articles', () => {
    const found = searchArticles(helpArticles, '联行号');
    expect(found.map((article) => article.id)).toEqual(expect.arrayContaining(['org-auth', 'bank-account']));
    const auth = found.find((article) => article.id === 'org-auth')!;
    expect(auth.sections.map((section) => section.id)).toEqual(['bank-transfer-auth']);
    expect(
      searchArticles(helpArticles, '小额打款').find((article) => article.id === 'org-auth')?.sections,
    ).toHaveLength(3);
  });

  it('covers what the spec says a user needs to know', () => {
    const text = JSON.stringify(helpArticles);
    for (const fact of [
      '滑块',
      '锁定',
      '1 元以下',
      '2 小时',
      '电子营业执照',
      '银行账户',
      '电子签章',
      '质押融资',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('finds nothing for what the help does not mention', () => {
    expect(searchArticles(helpArticles, '火星登陆')).toEqual([]);
  });

  it('marks every match, ignoring case', () => {
    expect(splitByQuery('App 与 app', 'APP')).toEqual([
      { text: 'App', match: true },
      { text: ' 与 ', match: false },
      { text: 'app', match: true },
    ]);
    expect(splitByQuery('无匹配', '')).toEqual([{ text: '无匹配', match: false }]);
  });
});
