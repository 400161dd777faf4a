import type { ReactElement } from 'react';
import { listenFailingUnhandled } from './signed-in-landing';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { createAppStore } from '@/lib/store';

/**
 * What the component tests of a ledger page share: the server's envelopes, a double's lifetime, the page
 * drawn as the app draws it.
 */

/** A successful answer in the envelope (spec section 3). */
export const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });

/** A created record's answer. */
export const created = <T,>(data: T) => HttpResponse.json({ code: 201, msg: '成功', data }, { status: 201 });

/** A list whose one page holds all of `content`. */
export const pageOf = <T,>(content: T[], size = 10) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  size,
  number: 0,
});

/** The export centre's double: each task asked for (its kind and filter) lands in `asked`. */
export const exportTasksInto = (asked: unknown[]) =>
  mock.post('*/api/export-tasks', async ({ request }) => {
    asked.push(await request.json());
    return created({ id: 't-1' });
  });

/** Serves `server` to the file's tests; after each, its handlers are reset and what they `recorded` is emptied. */
export function serveForEachTest(server: SetupServer, ...recorded: unknown[][]) {
  listenFailingUnhandled(server);
  afterEach(() => {
    server.resetHandlers();
    for (const list of recorded) list.length = 0;
  });
  afterAll(() => server.close());
}

/**
 * A ledger page's server double for one test file: `handlers` and the export centre's, served to each test.
 * After each test, what the handlers recorded (`recording`) and the tasks asked of the export centre
 * (`exportsInto`) are emptied.
 */
export function serveLedgerPage(
  { recording, exportsInto }: { recording: unknown[][]; exportsInto: unknown[] },
  ...handlers: RequestHandler[]
) {
  serveForEachTest(setupServer(...handlers, exportTasksInto(exportsInto)), ...recording, exportsInto);
}

/** `page` in a fresh store and antd's App (its messages), buttons reading as written (no space between two characters). */
export function renderInApp(page: ReactElement) {
  return render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>{page}</App>
      </ConfigProvider>
    </Provider>,
  );
}
