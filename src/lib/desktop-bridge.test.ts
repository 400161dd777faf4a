import {
  parseDesktopMessage,
  restartDesktopApp,
  subscribeDesktopMessages,
  type DesktopMessage,
} from './desktop-bridge';

/** A message as the desktop client's preload script posts it into the page. */
function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('desktop client bridge', () => {
  afterEach(() => {
    delete window.chainBillDesktop;
  });

  it('understands the client messages in their usual shapes', () => {
    expect(parseDesktopMessage('join-company-success')).toEqual({ type: 'join-company-success' });
    expect(parseDesktopMessage({ type: 'join-company-success' })).toEqual({ type: 'join-company-success' });
    expect(parseDesktopMessage({ event: 'update-application', code: 5 })).toEqual({
      type: 'update-application',
      code: 5,
    });
    expect(parseDesktopMessage('{"action":"update-application","code":"4","message":"已是最新"}')).toEqual({
      type: 'update-application',
      code: 4,
      msg: '已是最新',
    });
  });

  it('ignores what is not a client message', () => {
    expect(parseDesktopMessage({ type: 'webpackOk' })).toBeNull();
    expect(parseDesktopMessage({ type: 'update-application' })).toBeNull();
    expect(parseDesktopMessage('{broken')).toBeNull();
    expect(parseDesktopMessage(42)).toBeNull();
  });

  it("hears posted messages from the page's own origin only", () => {
    const heard: DesktopMessage[] = [];
    const stop = subscribeDesktopMessages((message) => heard.push(message));

    post({ type: 'join-company-success' });
    post({ type: 'join-company-success' }, 'https://evil.example');
    post({ type: 'update-application', code: 5 });
    stop();
    post({ type: 'join-company-success' });

    expect(heard).toEqual([{ type: 'join-company-success' }, { type: 'update-application', code: 5 }]);
  });

  it("hears the desktop API's messages when the client provides one, and unsubscribes from it", () => {
    let deliver: (data: unknown) => void = () => undefined;
    const unsubscribe = vi.fn();
    window.chainBillDesktop = {
      onMessage: (listener) => {
        deliver = listener;
        return unsubscribe;
      },
    };
    const heard: DesktopMessage[] = [];
    const stop = subscribeDesktopMessages((message) => heard.push(message));

    deliver({ type: 'update-application', code: 4, msg: '当前已是最新版本' });
    stop();

    expect(heard).toEqual([{ type: 'update-application', code: 4, msg: '当前已是最新版本' }]);
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('restarts through the desktop API', () => {
    const restartApp = vi.fn();
    window.chainBillDesktop = { restartApp };
    restartDesktopApp();
    expect(restartApp).toHaveBeenCalledTimes(1);
  });
});
