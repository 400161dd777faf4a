// The yardstick: a bare Fastify route answering a 10-item JSON page, in a process of its own, so the
// bench can report our routes as a ratio of it measured in the same run (a ratio holds on a noisy machine).
import Fastify from 'fastify';

const PAGE = {
  code: 200,
  msg: '成功',
  data: {
    content: Array.from({ length: 10 }, (_, i) => ({
      id: String(1000 + i),
      title: `通知标题 ${i}`,
      content: '您有一笔票据待签收，请及时处理。',
      status: i % 2,
      createdAt: 1_700_000_000_000 + i,
    })),
    totalElements: 10,
    totalPages: 1,
    size: 10,
    number: 0,
  },
};

const app = Fastify();
app.get('/page', async () => PAGE);

// Given a PostgreSQL database (the PostgreSQL pass's), a second yardstick: the bare route that first reads one
// row by its primary key with a prepared statement from a pool of 10, through the server's driver
// (postgres.js) as the server's pool does. What a signed-in read on PostgreSQL could cost at the least on
// this machine: one round trip and no app.
const databaseUrl = process.env.BARE_DATABASE_URL;
if (databaseUrl) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  const prepared = { prepare: true };
  const [first] = await sql`SELECT id FROM organizations ORDER BY id LIMIT 1`;
  const read = 'SELECT id, name, authorized FROM organizations WHERE id = $1';
  const values = [first.id];
  app.get('/one-query', async () => {
    const rows = await sql.unsafe(read, values, prepared);
    return { ...PAGE, data: { ...PAGE.data, row: rows[0] } };
  });

  // And a third: the bare route answering a page of 10 of the largest holder's current holdings, each with
  // its package, in one prepared statement, as JSON of the rows as they come. What the held list could cost
  // at the least: its page's round trip and its rows' bytes, with no caller, no view and no schema.
  const [largest] = await sql`
    SELECT org_id FROM bill_holdings GROUP BY org_id ORDER BY count(*) DESC, org_id LIMIT 1`;
  const page = `SELECT h.id, h.package_id, h.org_id, h.sub_start, h.sub_end, h.amount_fen, h.bill_status,
      h.circ_status, h.acquired_at, h.ended_at, p.package_no, p.drawer_org_id, p.drawer_name,
      p.acceptor_org_id, p.acceptor_name, p.payee_org_id, p.payee_name, p.issue_date, p.due_date,
      p.no_transfer, p.splittable
    FROM bill_holdings h JOIN bill_packages p ON p.id = h.package_id
    WHERE h.org_id = $1 AND h.ended_at IS NULL
    ORDER BY h.acquired_at DESC, h.id DESC LIMIT 10`;
  const holder = [largest?.org_id ?? ''];
  app.get('/holdings-page', async () => {
    const rows = await sql.unsafe(page, holder, prepared);
    return { ...PAGE, data: { ...PAGE.data, content: rows } };
  });
}
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
