import { useCallback, useEffect, useState } from 'react';
import type { CaptchaScene } from '@contract/captcha';
import type { CaptchaPuzzle } from '@contract/captcha-schemas';
import { CAPTCHA_REP_CODE, SLIDER_IMAGE_ERROR_DISPLAY } from '@contract/constants';
import { sliderMessages } from '@/locales/zh-CN/slider';
import { fetchPuzzle } from './captcha-api';

/** An object, not a string, so that the same message failing twice still restarts its display timer. */
export interface PuzzleImageError {
  message: string;
}

export interface CaptchaPuzzleState {
  puzzle: CaptchaPuzzle | null;
  loading: boolean;
  /** Shown for SLIDER_IMAGE_ERROR_DISPLAY after a failed fetch, then null again. */
  imageError: PuzzleImageError | null;
  /** Drops the current puzzle and fetches a new one. */
  reload: () => void;
}

type PuzzleOutcome = { puzzle: CaptchaPuzzle } | { error: string };

/** Fetches a puzzle on mount and on every reload; a failed fetch (6201 included) leaves no images. */
export function useCaptchaPuzzle(scene: CaptchaScene): CaptchaPuzzleState {
  const [request, setRequest] = useState(0);
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle | null>(null);
  const [loading, setLoading] = useState(true);
  const [imageError, setImageError] = useState<PuzzleImageError | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPuzzle(scene, controller.signal)
      .then(
        (answer): PuzzleOutcome => {
          if (answer.repCode === CAPTCHA_REP_CODE.success && answer.repData)
            return { puzzle: answer.repData };
          return { error: answer.repMsg || sliderMessages.imageFailure };
        },
        (): PuzzleOutcome => ({ error: sliderMessages.imageFailure }),
      )
      .then((outcome) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if ('puzzle' in outcome) {
          setPuzzle(outcome.puzzle);
        } else {
          setPuzzle(null);
          setImageError({ message: outcome.error });
        }
      });
    return () => controller.abort();
  }, [scene, request]);

  useEffect(() => {
    if (!imageError) return;
    const timer = setTimeout(() => setImageError(null), SLIDER_IMAGE_ERROR_DISPLAY);
    return () => clearTimeout(timer);
  }, [imageError]);

  const reload = useCallback(() => {
    setPuzzle(null);
    setImageError(null);
    setLoading(true);
    setRequest((n) => n + 1);
  }, []);

  return { puzzle, loading, imageError, reload };
}
