import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The LIKE pattern of "contains the user's text", the text taken literally: \, % and _ escaped with a backslash. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` LIKE a pattern of containsPattern. The ESCAPE clause is what makes the backslash an escape on
 * SQLite, which has none by default; PostgreSQL's default is the same backslash.
 */
export const likeEscaped = (column: string, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
