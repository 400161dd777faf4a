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
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
