import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { signIn, startApp } from '../support/helpers';

describe('fuzzing the shell’s routes', () => {
  it('never answers 5xx to arbitrary bodies, queries, paths and content types', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-fuzz-'));
    const fuzzed = await startApp({ dataDir });
    try {
      const tokens = await signIn(fuzzed.app, '13800000001');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ['POST', '/api/plat-message/page'],
            ['POST', '/api/plat-message/todo/page'],
            ['PUT', '/api/plat-message/'],
            ['PUT', '/api/plat-message/notice/all/read'],
            ['GET', '/api/scbill/operate/list'],
            ['GET', '/api/scbill/statistics/trans'],
            ['GET', '/api/quote/holidays/day'],
            ['GET', '/api/scbill/org-acct-function-endpoint'],
            ['GET', '/api/permission/binding/channel/func'],
            ['POST', '/api/scbill/org-acct/open-func'],
            ['PUT', '/api/scbill/org/channel/default'],
            ['POST', '/api/export-tasks'],
            ['GET', '/api/export-tasks'],
            ['GET', '/api/export-tasks/'],
            ['POST', '/api/invitation'],
            ['GET', '/api/invitation/detail/'],
            ['POST', '/api/account/invitation/'],
            ['POST', '/api/sandbox/notices'],
            ['POST', '/api/sandbox/entry-links'],
            ['POST', '/api/sandbox/non-payment'],
            ['PUT', '/api/sandbox/system-status'],
          ),
          fc.oneof(
            fc.jsonValue().map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 200 }),
            fc.constantFrom(
              '{"kind":"org-relation"}',
              '{"kind":"operation-list","params":{"bizType":"trans"}}',
              '{"mobile":"13800000002","type":2,"title":"t","content":"c"}',
              '{"funcCode":"E_SIGN"}',
              '{"status":0,"type":3}',
            ),
          ),
          fc.dictionary(
            fc.constantFrom(
              'page',
              'size',
              'sort',
              'orgId',
              'status',
              'date',
              'channelId',
              'bizType',
              'funcType',
            ),
            fc.string({ maxLength: 12 }),
          ),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          fc.array(fc.string({ maxLength: 40 }), { minLength: 0, maxLength: 3 }),
          async ([method, url], body, query, contentType, segments) => {
            const tail = url.endsWith('/') ? segments.map(encodeURIComponent).join('/') : '';
            const search = new URLSearchParams(query).toString();
            const response = await fuzzed.app.inject({
              method: method as 'GET' | 'POST' | 'PUT',
              url: `${url}${tail}${search ? `?${search}` : ''}`,
              headers: { 'content-type': contentType, authorization: `Bearer ${tokens.access_token}` },
              ...(method === 'GET' ? {} : { payload: body }),
            });
            expect(response.statusCode, `${method} ${url}${tail} ${response.body}`).toBeLessThan(500);
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      await fuzzed.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
