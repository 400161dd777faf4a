import { REALTIME_EVENT } from '@contract/realtime';
import { restartRealtime, startRealtime, stopRealtime, subscribeRealtime } from './realtime';

vi.mock('./storage', () => ({ getAccessToken: () => 'access-token' }));

/** The browser's WebSocket as far as realtime.ts uses it; the test opens, feeds and drops it. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.opened.push(this);
  }

  open() {
    this.onopen?.();
  }

  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** The connection drops (or is closed). */
  close() {
    this.onclose?.();
  }
}

const latest = () => FakeSocket.opened.at(-1)!;

let resyncs: number;
let unsubscribe: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.opened = [];
  resyncs = 0;
  unsubscribe = subscribeRealtime(REALTIME_EVENT.resync, () => resyncs++);
});
afterEach(() => {
  stopRealtime();
  unsubscribe();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the realtime socket', () => {
  it('authenticates with the chain-bill subprotocol and hands each event to its subscribers', () => {
    const notices: unknown[] = [];
    const off = subscribeRealtime(REALTIME_EVENT.notice, (payload) => notices.push(payload));
    startRealtime();
    latest().open();
    expect(latest().protocols).toEqual(['chain-bill', 'access-token']);
    latest().receive({ type: REALTIME_EVENT.notice, payload: { n: 1 } });
    latest().receive({ type: REALTIME_EVENT.resync, payload: {} });
    off();
    expect(notices).toEqual([{ n: 1 }]);
    expect(resyncs).toBe(1);
  });

  it('asks the screens to resync when it opens again after a drop, not when it first opens', async () => {
    startRealtime();
    latest().open();
    expect(resyncs).toBe(0);

    latest().close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(resyncs).toBe(0);
    latest().open();
    expect(resyncs).toBe(1);

    // A reconnection with a new token is a gap as well.
    restartRealtime();
    latest().open();
    expect(resyncs).toBe(2);
  });

  it('starts afresh after sign-out: the next sign-in’s first open is no resync', () => {
    startRealtime();
    latest().open();
    stopRealtime();
    startRealtime();
    latest().open();
    expect(resyncs).toBe(0);
  });
});
