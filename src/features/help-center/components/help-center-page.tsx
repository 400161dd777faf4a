import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { SearchOutlined } from '@ant-design/icons';
import { ClearableInput } from '@/components/clearable-input/clearable-input';
import { paths } from '@/config/paths';
import { format } from '@/locales/format';
import { helpCenterMessages } from '@/locales/zh-CN/help-center';
import { helpArticles, type HelpSection } from '@/features/help-center/model/help-articles';
import { searchArticles, splitByQuery } from '@/features/help-center/model/search';
import styles from './help-center.module.css';

const text = helpCenterMessages;

/** `text` with every occurrence of the query marked. */
function Highlight({ text: value, query }: { text: string; query: string }) {
  return (
    <>
      {splitByQuery(value, query).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

function scrollToHeading(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

function Section({ section, query }: { section: HelpSection; query: string }) {
  return (
    <section className={styles.section} aria-labelledby={section.id}>
      <h3 id={section.id} tabIndex={-1} className={styles.sectionTitle}>
        <Highlight text={section.title} query={query} />
      </h3>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph}>
          <Highlight text={paragraph} query={query} />
        </p>
      ))}
      {section.steps && (
        <ol className={styles.steps} aria-label={text.steps}>
          {section.steps.map((step) => (
            <li key={step}>
              <Highlight text={step} query={query} />
            </li>
          ))}
        </ol>
      )}
      {section.tips?.map((tip) => (
        <p key={tip} className={styles.tip}>
          <strong>{text.tips}：</strong>
          <Highlight text={tip} query={query} />
        </p>
      ))}
    </section>
  );
}

/**
 * 帮助中心 (`/help-center/chain-bill`): how to sign in, authenticate the organisation, bind a bank account,
 * sign contracts and finance against pledged bills. Filters as the user types, marks the matches, and
 * keeps a table of contents of what is shown.
 */
export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const articles = searchArticles(helpArticles, deferredQuery);
  const searching = deferredQuery.trim() !== '';

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{text.title}</h1>
        <p className={styles.intro}>{text.intro}</p>
        <ClearableInput
          size="large"
          prefix={<SearchOutlined aria-hidden />}
          placeholder={text.searchPlaceholder}
          aria-label={text.searchLabel}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={styles.search}
        />
        <p className={styles.result} role="status" aria-live="polite">
          {searching
            ? articles.length
              ? format(text.resultCount, { count: articles.length })
              : format(text.noResult, { query: deferredQuery.trim() })
            : ''}
        </p>
      </header>

      <div className={styles.body}>
        <nav className={styles.toc} aria-label={text.toc}>
          <h2 className={styles.tocTitle}>{text.toc}</h2>
          <ul>
            {articles.map((article) => (
              <li key={article.id}>
                <button type="button" className={styles.tocLink} onClick={() => scrollToHeading(article.id)}>
                  {article.title}
                </button>
                <ul>
                  {article.sections.map((section) => (
                    <li key={section.id}>
                      <button
                        type="button"
                        className={styles.tocSubLink}
                        onClick={() => scrollToHeading(section.id)}
                      >
                        {section.title}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <Link to={paths.root} className={styles.back}>
            {text.backHome}
          </Link>
        </nav>

        <main className={styles.articles}>
          {articles.map((article) => (
            <article key={article.id} className={styles.article} aria-labelledby={article.id}>
              <h2 id={article.id} tabIndex={-1} className={styles.articleTitle}>
                <Highlight text={article.title} query={deferredQuery} />
              </h2>
              <p className={styles.summary}>
                <Highlight text={article.summary} query={deferredQuery} />
              </p>
              {article.sections.map((section) => (
                <Section key={section.id} section={section} query={deferredQuery} />
              ))}
            </article>
          ))}
        </main>
      </div>
    </div>
  );
}
