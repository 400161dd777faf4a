import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import type { CaptchaScene } from '@contract/captcha';
import type { CaptchaCheckResponse } from '@contract/captcha-schemas';
import {
  CAPTCHA_REP_CODE,
  SLIDER_BAR_HEIGHT,
  SLIDER_FAILURE_RESET_DELAY,
  SLIDER_IMAGE_WIDTH,
  SLIDER_MIN_DRAG,
  SLIDER_PIECE_SIZE,
  SLIDER_SUCCESS_CALLBACK_DELAY,
} from '@contract/constants';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { sliderMessages } from '@/locales/zh-CN/slider';
import { checkAnswer } from './captcha-api';
import { buildCaptchaVerification, buildPointJson, buildPointStr } from './captcha-answer';
import { SLIDER_MAX_X, toPercentOfImage } from './slider-geometry';
import { sliderLook, type SliderPhase } from './slider-look';
import styles from './slider-captcha.module.css';
import { useCaptchaPuzzle } from './use-captcha-puzzle';
import { useSliderDrag } from './use-slider-drag';

export interface SliderCaptchaProps {
  /** Where the verification will be spent; the server refuses it elsewhere. */
  scene?: CaptchaScene;
  /** Called once, SLIDER_SUCCESS_CALLBACK_DELAY after a passed check, with AJ-Captcha's captchaVerification. */
  onSuccess: (captchaVerification: string) => void;
  /** Called when the server rejects an answer (or the check cannot be made). */
  onFailure?: () => void;
}

function imageSource(base64: string): string {
  return base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`;
}

function measureWidth(element: HTMLElement | null): number {
  return element?.getBoundingClientRect().width || SLIDER_IMAGE_WIDTH;
}

/** The AJ-Captcha blockPuzzle: drag the piece into its cut-out, by pointer or keyboard. */
export function SliderCaptcha({ scene = 'login', onSuccess, onFailure }: SliderCaptchaProps) {
  const { token } = theme.useToken();
  const { puzzle, loading, imageError, reload } = useCaptchaPuzzle(scene);
  const [phase, setPhase] = useState<SliderPhase>('idle');
  const [x, setX] = useState(0);
  const [resultText, setResultText] = useState('');
  const [verification, setVerification] = useState<string | null>(null);
  const [trackWidth, setTrackWidth] = useState(SLIDER_IMAGE_WIDTH);
  const trackRef = useRef<HTMLDivElement>(null);
  const dragStartedAt = useRef(0);
  const pendingCheck = useRef<AbortController | null>(null);

  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(() => setTrackWidth(measureWidth(track)));
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  useEffect(() => () => pendingCheck.current?.abort(), []);

  const notifySuccess = useEffectEvent((captchaVerification: string) => onSuccess(captchaVerification));
  useEffect(() => {
    if (phase !== 'success' || verification === null) return;
    const timer = setTimeout(() => notifySuccess(verification), SLIDER_SUCCESS_CALLBACK_DELAY);
    return () => clearTimeout(timer);
  }, [phase, verification]);

  // One attempt per token: after a failure only a new puzzle can be answered.
  useEffect(() => {
    if (phase !== 'failure') return;
    const timer = setTimeout(() => {
      setX(0);
      setPhase('idle');
      reload();
    }, SLIDER_FAILURE_RESET_DELAY);
    return () => clearTimeout(timer);
  }, [phase, reload]);

  const movable = puzzle !== null && !loading && (phase === 'idle' || phase === 'dragging');

  const resetToStart = () => {
    setX(0);
    setPhase('idle');
  };

  const submit = async (releasedX: number) => {
    if (!puzzle) return;
    if (releasedX < SLIDER_MIN_DRAG) {
      resetToStart();
      return;
    }
    const elapsedMs = Date.now() - dragStartedAt.current;
    const pointStr = buildPointStr(releasedX);
    const controller = new AbortController();
    pendingCheck.current = controller;
    setX(releasedX);
    setPhase('verifying');

    let answer: CaptchaCheckResponse | null = null;
    try {
      answer = await checkAnswer(
        { token: puzzle.token, pointJson: buildPointJson(releasedX, puzzle.secretKey) },
        controller.signal,
      );
    } catch {
      // Shown as the default failure below.
    }
    if (controller.signal.aborted) return;
    pendingCheck.current = null;

    if (answer?.repCode === CAPTCHA_REP_CODE.success) {
      setVerification(buildCaptchaVerification(puzzle.token, pointStr, puzzle.secretKey));
      setResultText(format(sliderMessages.success, { seconds: (elapsedMs / 1000).toFixed(1) }));
      setPhase('success');
    } else {
      setResultText(answer?.repMsg || sliderMessages.failure);
      setPhase('failure');
      onFailure?.();
    }
  };

  const drag = useSliderDrag({
    x,
    enabled: movable,
    measureTrackWidth: () => measureWidth(trackRef.current),
    onStart: () => {
      if (phase !== 'idle') return;
      dragStartedAt.current = Date.now();
      setPhase('dragging');
    },
    onMove: setX,
    onRelease: (releasedX) => void submit(releasedX),
    onCancel: resetToStart,
  });

  const refresh = () => {
    resetToStart();
    reload();
  };
  const canRefresh = !loading && !imageError && (phase === 'idle' || phase === 'dragging');

  // On very narrow tracks the 40 px handle is wider than the scaled piece: stop it at the track's end.
  const handleLeft = Math.min((x * trackWidth) / SLIDER_IMAGE_WIDTH, trackWidth - SLIDER_BAR_HEIGHT);
  // The handle follows the pointer directly, and glides back on a reset.
  const slide = (property: string) =>
    phase === 'dragging' ? 'none' : `${property} ${token.motionDurationMid} ${token.motionEaseOut}`;

  const look = sliderLook(phase, token);

  // One polite live region for every outcome, a strip over the picture's bottom edge as in AJ-Captcha,
  // so the handle never covers the text wherever it stopped.
  const notice: { text: string; background: string } | null = imageError
    ? { text: imageError.message, background: token.colorError }
    : phase === 'verifying'
      ? { text: sliderMessages.verifying, background: token.colorBgMask }
      : phase === 'success' || phase === 'failure'
        ? { text: resultText, background: look.border }
        : null;

  return (
    <div
      className={styles.root}
      data-phase={phase}
      style={{ '--slider-focus-color': token.colorPrimaryBorder } as CSSProperties}
    >
      <div
        className={styles.picture}
        style={{ borderRadius: token.borderRadiusLG, background: token.colorFillTertiary }}
      >
        {puzzle && (
          <>
            <img
              className={styles.background}
              src={imageSource(puzzle.originalImageBase64)}
              alt={sliderMessages.puzzleAlt}
              draggable={false}
            />
            <img
              className={styles.piece}
              src={imageSource(puzzle.jigsawImageBase64)}
              alt={sliderMessages.pieceAlt}
              draggable={false}
              style={{
                left: toPercentOfImage(x),
                width: toPercentOfImage(SLIDER_PIECE_SIZE),
                transition: slide('left'),
              }}
            />
          </>
        )}
        {loading && (
          <div
            className={styles.overlay}
            style={{ color: token.colorTextTertiary, fontSize: token.fontSizeXL }}
          >
            <LoadingOutlined aria-label={commonMessages.loading} />
          </div>
        )}
        <div
          role="status"
          className={styles.notice}
          style={{
            color: token.colorTextLightSolid,
            background: notice?.background,
            transform: notice ? 'translateY(0)' : 'translateY(100%)',
            transition: `transform ${token.motionDurationMid} ${token.motionEaseOut}`,
          }}
        >
          {notice?.text}
        </div>
        <Button
          className={styles.refresh}
          size="small"
          shape="circle"
          icon={<ReloadOutlined aria-hidden />}
          aria-label={sliderMessages.refresh}
          title={sliderMessages.refresh}
          disabled={!canRefresh}
          // Opaque over the picture, also when disabled (antd's disabled fill is transparent).
          style={{ background: token.colorBgContainer, opacity: canRefresh ? 1 : 0.6 }}
          onClick={refresh}
        />
      </div>

      <div
        ref={trackRef}
        className={styles.track}
        style={{
          height: SLIDER_BAR_HEIGHT,
          marginTop: token.marginSM,
          borderRadius: token.borderRadius,
          borderColor: look.border,
          background: look.track,
        }}
      >
        <div
          className={styles.fill}
          aria-hidden
          style={{
            width: phase === 'idle' && x === 0 ? 0 : handleLeft + SLIDER_BAR_HEIGHT,
            borderRadius: token.borderRadius,
            borderColor: phase === 'idle' && x === 0 ? 'transparent' : look.border,
            background: look.fill,
            transition: slide('width'),
          }}
        />
        <span className={styles.text} style={{ color: look.text, fontSize: token.fontSize }}>
          {phase === 'idle' || phase === 'dragging' ? sliderMessages.prompt : null}
        </span>
        <div
          role="slider"
          tabIndex={0}
          aria-label={sliderMessages.handleLabel}
          aria-valuemin={0}
          aria-valuemax={SLIDER_MAX_X}
          aria-valuenow={Math.round(x)}
          aria-disabled={!movable}
          className={styles.handle}
          style={{
            left: handleLeft - 1,
            width: SLIDER_BAR_HEIGHT,
            height: SLIDER_BAR_HEIGHT,
            borderRadius: token.borderRadius,
            background: look.handleBackground,
            color: look.handleColor,
            boxShadow: token.boxShadowTertiary,
            cursor: !movable ? 'default' : phase === 'dragging' ? 'grabbing' : 'grab',
            transition: slide('left'),
          }}
          onPointerDown={drag.onPointerDown}
          onPointerMove={drag.onPointerMove}
          onPointerUp={drag.onPointerUp}
          onPointerCancel={drag.onPointerCancel}
          onKeyDown={drag.onKeyDown}
        >
          {look.handleIcon}
        </div>
      </div>
    </div>
  );
}
