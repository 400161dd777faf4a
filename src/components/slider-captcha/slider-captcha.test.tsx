import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { http as mock, HttpResponse } from 'msw';
import { aesDecrypt } from '@/lib/crypto';
import {
  SECRET_KEY,
  answerChecksWith,
  captchaRequests,
  captchaServer,
  passed,
  puzzleNumber,
  rejected,
  resetCaptchaServer,
} from '@/testing/captcha-server';
import { SliderCaptcha } from './slider-captcha';

listenFailingUnhandled(captchaServer);
afterAll(() => captchaServer.close());

let setPointerCapture: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  setPointerCapture = vi.fn();
  // jsdom has no pointer capture.
  Element.prototype.setPointerCapture = setPointerCapture as unknown as Element['setPointerCapture'];
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
});

afterEach(() => {
  vi.useRealTimers();
  resetCaptchaServer();
});

/** Lets pending requests answer without moving the fake clock. */
async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

async function renderLoaded(props: Partial<Parameters<typeof SliderCaptcha>[0]> = {}) {
  const onSuccess = vi.fn();
  const onFailure = vi.fn();
  render(<SliderCaptcha onSuccess={onSuccess} onFailure={onFailure} {...props} />);
  await settle();
  return { onSuccess, onFailure, handle: screen.getByRole('slider', { name: /拼图滑块/ }) };
}

function dragBy(handle: HTMLElement, distance: number, { holdMs = 0 } = {}) {
  fireEvent.pointerDown(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 100 });
  if (holdMs) wait(holdMs);
  fireEvent.pointerMove(handle, { pointerId: 1, pointerType: 'mouse', clientX: 100 + distance });
  fireEvent.pointerUp(handle, { pointerId: 1, pointerType: 'mouse', clientX: 100 + distance });
}

/**
 * fireEvent rather than user-event: user-event's Testing Library wrapper waits on a setTimeout that
 * vitest's fake timers never run.
 */
function press(handle: HTMLElement, key: string, times = 1, modifiers: { shiftKey?: boolean } = {}) {
  for (let i = 0; i < times; i += 1) fireEvent.keyDown(handle, { key, ...modifiers });
}

function track(handle: HTMLElement): HTMLElement {
  return handle.parentElement!;
}

function decryptedAnswer(index = 0) {
  const check = captchaRequests.checks[index]!;
  return JSON.parse(aesDecrypt(check.pointJson, SECRET_KEY)) as { x: number; y: number };
}

describe('SliderCaptcha', () => {
  it('fetches a puzzle on mount and waits idle with the prompt', async () => {
    const { handle } = await renderLoaded({ scene: 'register' });

    const query = captchaRequests.gets[0]!;
    expect(query.get('captchaType')).toBe('blockPuzzle');
    expect(query.get('clientUid')).toMatch(/^slider-/);
    expect(query.get('scene')).toBe('register');

    expect(screen.getByAltText('拼图背景')).toHaveAttribute(
      'src',
      `data:image/png;base64,${puzzleNumber(1).originalImageBase64}`,
    );
    expect(screen.getByAltText('拼图块')).toHaveStyle({ left: '0%' });
    expect(screen.getByText('拖动滑块完成拼图')).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-valuemin', '0');
    expect(handle).toHaveAttribute('aria-valuemax', '263');
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(handle).toHaveAttribute('tabindex', '0');
    expect(handle).toHaveAttribute('aria-disabled', 'false');
  });

  it('moves the piece and aria-valuenow with the pointer, within 0 .. 263', async () => {
    const { handle } = await renderLoaded();

    fireEvent.pointerDown(handle, { pointerId: 7, pointerType: 'touch', clientX: 20 });
    expect(setPointerCapture).toHaveBeenCalledWith(7);
    fireEvent.pointerMove(handle, { pointerId: 7, pointerType: 'touch', clientX: 82 });

    expect(handle).toHaveAttribute('aria-valuenow', '62');
    expect(handle.style.left).toBe('61px');
    expect(screen.getByAltText('拼图块').style.left).toBe(`${(62 / 310) * 100}%`);
    expect(captchaRequests.checks).toHaveLength(0);

    fireEvent.pointerMove(handle, { pointerId: 7, pointerType: 'touch', clientX: 900 });
    expect(handle).toHaveAttribute('aria-valuenow', '263');
    fireEvent.pointerMove(handle, { pointerId: 7, pointerType: 'touch', clientX: -500 });
    expect(handle).toHaveAttribute('aria-valuenow', '0');
  });

  it('just resets when released after less than 5 px, without a check', async () => {
    const { handle } = await renderLoaded();

    dragBy(handle, 4);
    await settle();

    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('拖动滑块完成拼图')).toBeInTheDocument();
    expect(captchaRequests.checks).toHaveLength(0);
  });

  it('shows 正在验证… while the check is pending', async () => {
    let answer!: (response: Response) => void;
    answerChecksWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { handle } = await renderLoaded();

    dragBy(handle, 120);
    await settle();

    expect(screen.getByText('正在验证…')).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: '刷新验证码' })).toBeDisabled();

    answer(passed());
    await settle();
    expect(screen.queryByText('正在验证…')).not.toBeInTheDocument();
  });

  it('turns green with the elapsed seconds and calls back once, 0.5 s later, with the AJ captchaVerification', async () => {
    const { handle, onSuccess, onFailure } = await renderLoaded();

    dragBy(handle, 120, { holdMs: 1234 });
    await settle();

    expect(screen.getByText('1.2秒验证成功')).toBeInTheDocument();
    expect(track(handle)).toHaveStyle({ borderColor: '#52c41a' });
    expect(handle).toHaveStyle({ backgroundColor: '#52c41a' });

    wait(499);
    expect(onSuccess).not.toHaveBeenCalled();
    wait(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    wait(5000);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onFailure).not.toHaveBeenCalled();

    const verification = onSuccess.mock.calls[0]![0] as string;
    expect(aesDecrypt(verification, SECRET_KEY)).toBe('token-1---{"x":120,"y":5}');
  });

  it('sends the token and the answer {"x":…,"y":5} encrypted under the secretKey', async () => {
    const { handle } = await renderLoaded();

    dragBy(handle, 87);
    await settle();

    const check = captchaRequests.checks[0]!;
    expect(check).toMatchObject({ captchaType: 'blockPuzzle', token: 'token-1' });
    expect(check.clientUid).toBe(captchaRequests.gets[0]!.get('clientUid'));
    expect(check.pointJson).not.toContain('"x"');
    expect(aesDecrypt(check.pointJson, SECRET_KEY)).toBe('{"x":87,"y":5}');
  });

  it('turns red with the server message, then after 1.5 s resets and fetches a new puzzle', async () => {
    answerChecksWith(() => rejected('6111', '验证码坐标不正确'));
    const { handle, onSuccess, onFailure } = await renderLoaded();

    dragBy(handle, 150);
    await settle();

    expect(screen.getByText('验证码坐标不正确')).toBeInTheDocument();
    expect(track(handle)).toHaveStyle({ borderColor: '#ff4d4f' });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(handle).toHaveAttribute('aria-disabled', 'true');

    wait(1499);
    await settle();
    expect(screen.getByText('验证码坐标不正确')).toBeInTheDocument();
    expect(captchaRequests.gets).toHaveLength(1);

    wait(1);
    await settle();
    expect(captchaRequests.gets).toHaveLength(2);
    expect(screen.getByText('拖动滑块完成拼图')).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByAltText('拼图背景').getAttribute('src')).toContain('background-2');

    dragBy(handle, 30);
    await settle();
    expect(captchaRequests.checks[1]!.token).toBe('token-2');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the default 验证失败 when the rejection has no message (expired token)', async () => {
    answerChecksWith(() => rejected('6110', null));
    const { handle, onSuccess } = await renderLoaded();

    dragBy(handle, 40);
    await settle();

    expect(screen.getByText('验证失败')).toBeInTheDocument();
    wait(2000);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('treats any code other than 0000 as a failure, even with a result', async () => {
    answerChecksWith(() =>
      HttpResponse.json({ repCode: '9999', repMsg: null, repData: { token: 'token-1', result: true } }),
    );
    const { handle, onSuccess } = await renderLoaded();

    dragBy(handle, 40);
    await settle();

    expect(screen.getByText('验证失败')).toBeInTheDocument();
    wait(1000);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('on 6201 (HTTP 429) clears the images, shows the message for 1 s and stays unverified', async () => {
    const { handle } = await renderLoaded();
    expect(screen.getByAltText('拼图背景')).toBeInTheDocument();

    captchaServer.use(
      mock.get('/api/captcha/get', () =>
        HttpResponse.json(
          { repCode: '6201', repMsg: '请求过于频繁，请稍后再试', repData: null },
          { status: 429 },
        ),
      ),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刷新验证码' }));
    });
    await settle();

    expect(screen.queryByAltText('拼图背景')).not.toBeInTheDocument();
    expect(screen.queryByAltText('拼图块')).not.toBeInTheDocument();
    expect(screen.getByText('请求过于频繁，请稍后再试')).toBeVisible();
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: '刷新验证码' })).toBeDisabled();

    dragBy(handle, 80);
    await settle();
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(captchaRequests.checks).toHaveLength(0);

    wait(999);
    expect(screen.getByText('请求过于频繁，请稍后再试')).toBeVisible();
    wait(1);
    expect(screen.queryByText('请求过于频繁，请稍后再试')).not.toBeInTheDocument();
    expect(screen.queryByAltText('拼图背景')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '刷新验证码' })).toBeEnabled();
  });

  it('shows 图片获取失败 when the fetch fails without a message', async () => {
    captchaServer.use(mock.get('/api/captcha/get', () => HttpResponse.error()));
    const { handle } = await renderLoaded();

    expect(screen.getByText('图片获取失败')).toBeVisible();
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    wait(1000);
    expect(screen.queryByText('图片获取失败')).not.toBeInTheDocument();
  });

  it('fetches a new puzzle from the refresh control', async () => {
    await renderLoaded();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刷新验证码' }));
    });
    await settle();

    expect(captchaRequests.gets).toHaveLength(2);
    expect(screen.getByAltText('拼图块').getAttribute('src')).toContain('piece-2');
  });

  it('can be completed with the keyboard', async () => {
    const { handle, onSuccess } = await renderLoaded();

    handle.focus();
    press(handle, 'ArrowRight', 3);
    expect(handle).toHaveAttribute('aria-valuenow', '3');
    press(handle, 'ArrowRight', 2, { shiftKey: true });
    press(handle, 'ArrowLeft');
    expect(handle).toHaveAttribute('aria-valuenow', '22');
    press(handle, 'Enter');
    await settle();

    expect(decryptedAnswer()).toEqual({ x: 22, y: 5 });
    wait(500);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('jumps with Home and End, and Enter under 5 px just resets', async () => {
    const { handle } = await renderLoaded();

    press(handle, 'End');
    expect(handle).toHaveAttribute('aria-valuenow', '263');
    press(handle, 'ArrowRight');
    expect(handle).toHaveAttribute('aria-valuenow', '263');
    press(handle, 'Home');
    press(handle, 'ArrowRight', 4);
    press(handle, 'Enter');
    await settle();

    expect(captchaRequests.checks).toHaveLength(0);
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('拖动滑块完成拼图')).toBeInTheDocument();
  });

  it('scales the drag to the 310 px image when the track is rendered narrower', async () => {
    const { handle } = await renderLoaded();
    track(handle).getBoundingClientRect = () => ({ width: 155 }) as DOMRect;

    dragBy(handle, 50);
    await settle();

    expect(decryptedAnswer()).toEqual({ x: 100, y: 5 });
  });

  it('announces verifying and the outcome in a polite live region', async () => {
    let answer!: (response: Response) => void;
    answerChecksWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { handle } = await renderLoaded();
    const live = screen.getByRole('status');
    expect(live).toBeEmptyDOMElement();

    dragBy(handle, 60, { holdMs: 800 });
    await settle();
    expect(live).toHaveTextContent('正在验证…');

    answer(rejected('6111', '验证码坐标不正确'));
    await settle();
    expect(live).toHaveTextContent('验证码坐标不正确');
  });

  it('resets without a check when the browser cancels the pointer', async () => {
    const { handle } = await renderLoaded();

    fireEvent.pointerDown(handle, { pointerId: 3, pointerType: 'touch', clientX: 10 });
    fireEvent.pointerMove(handle, { pointerId: 3, pointerType: 'touch', clientX: 90 });
    fireEvent.pointerCancel(handle, { pointerId: 3, pointerType: 'touch' });
    await settle();

    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(captchaRequests.checks).toHaveLength(0);
  });

  it('does not call back when removed before the 0.5 s delay', async () => {
    const { handle, onSuccess } = await renderLoaded();

    dragBy(handle, 60);
    await settle();
    expect(screen.getByText(/秒验证成功$/)).toBeInTheDocument();
    cleanup();
    wait(1000);

    expect(onSuccess).not.toHaveBeenCalled();
  });
});
