/**
 * The variables a child process needs to run on the same runtime as the test: the PATH, and what makes the
 * Node 24 pass load its own build of better-sqlite3 (NODE_OPTIONS and CHAIN_BILL_NODE24_SQLITE, set by
 * scripts/node24/test-server.mjs). Tests that start a process with only the variables they choose start from this.
 */
export function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'NODE_OPTIONS', 'CHAIN_BILL_NODE24_SQLITE']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
