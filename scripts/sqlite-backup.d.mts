/** The database file in DATA_DIR. */
export const DATABASE_FILE: string;
/** Copies the SQLite database `sourceFile` into `destFile` while it may be written; answers the page count. */
export function backupSqlite(sourceFile: string, destFile: string): Promise<number>;
