import type { HelpArticle, HelpSection } from './help-articles';

/** All the text of a section, for matching. */
function sectionText(section: HelpSection): string {
  return [
    section.title,
    ...(section.paragraphs ?? []),
    ...(section.steps ?? []),
    ...(section.tips ?? []),
  ].join('\n');
}

export const normalizeQuery = (query: string) => query.trim().toLowerCase();

/**
 * The articles and sections that contain the query (as typed, case-insensitive). An article whose title
 * or summary matches keeps all its sections; otherwise only the matching sections remain.
 */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const needle = normalizeQuery(query);
  if (!needle) return [...articles];
  const has = (text: string) => text.toLowerCase().includes(needle);
  return articles.flatMap((article) => {
    if (has(article.title) || has(article.summary)) return [article];
    const sections = article.sections.filter((section) => has(sectionText(section)));
    return sections.length ? [{ ...article, sections }] : [];
  });
}

/** Splits `text` into plain and matching parts, for highlighting. */
export function splitByQuery(text: string, query: string): Array<{ text: string; match: boolean }> {
  const needle = normalizeQuery(query);
  if (!needle) return [{ text, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
