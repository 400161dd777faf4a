import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { SLIDER_MAX_X, clampToTrack, scaleToTrack } from './slider-geometry';

/** Keyboard steps in image pixels. */
const KEY_STEP = 1;
const KEY_STEP_LARGE = 10;

export interface SliderDragOptions {
  /** Current piece offset in image pixels. */
  x: number;
  /** False while there is no puzzle or an answer is being checked. */
  enabled: boolean;
  /** Rendered width of the track in CSS pixels; drag distances are scaled from it to the 310 px image. */
  measureTrackWidth: () => number;
  /** A drag (or the first key move) begins; called again by later key moves, so it must be idempotent. */
  onStart: () => void;
  onMove: (x: number) => void;
  /** Pointer released or Enter pressed: the position to submit. */
  onRelease: (x: number) => void;
  /** The browser took the pointer away (e.g. a touch became a scroll). */
  onCancel: () => void;
}

interface ActiveDrag {
  pointerId: number;
  startClientX: number;
  startX: number;
  trackWidth: number;
}

/**
 * Pointer (mouse, touch, pen) and keyboard input of the slider handle. Pointer capture keeps the move
 * and up events on the handle when the pointer leaves it.
 */
export function useSliderDrag(options: SliderDragOptions) {
  const drag = useRef<ActiveDrag | null>(null);

  const positionOf = (event: PointerEvent<HTMLElement>, active: ActiveDrag) =>
    clampToTrack(active.startX + scaleToTrack(event.clientX - active.startClientX, active.trackWidth));

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!options.enabled || drag.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Capture is an improvement only: without it the drag still works while the pointer stays on the handle.
    }
    drag.current = {
      pointerId: event.pointerId,
      startClientX: event.clientX,
      startX: options.x,
      trackWidth: options.measureTrackWidth(),
    };
    options.onStart();
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const active = drag.current;
    if (!active || active.pointerId !== event.pointerId) return;
    options.onMove(positionOf(event, active));
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const active = drag.current;
    if (!active || active.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    options.onRelease(positionOf(event, active));
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    const active = drag.current;
    if (!active || active.pointerId !== event.pointerId) return;
    drag.current = null;
    options.onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!options.enabled || drag.current) return;
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowUp':
        next = options.x + step;
        break;
      case 'ArrowLeft':
      case 'ArrowDown':
        next = options.x - step;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = SLIDER_MAX_X;
        break;
      case 'Enter':
        event.preventDefault();
        options.onRelease(options.x);
        return;
      default:
        return;
    }
    event.preventDefault();
    options.onStart();
    options.onMove(clampToTrack(next));
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown };
}
