import { Suspense, useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { shellMessages } from '@/locales/zh-CN/shell';
import { loadChunk } from '@/utils/lazy-chunk';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { PlainButton } from '@/components/plain-controls/plain-button';
import { guideToggled, selectShowGuide } from '@/features/shell/model/global-slice';
import { rememberGuideDismissed } from '@/features/shell/model/guide';
import styles from './shell-layout.module.css';

const text = shellMessages;

// The tour is antd's: it loads when the user starts it, not with the dashboard's first paint.
const GuideTour = lazyWithAntd(() =>
  loadChunk(() => import('./guide-tour')).then((module) => module.GuideTour),
);

/**
 * The first-visit guide (showGuide): a hint above the page that does not block it, with an optional
 * tour of the shell. 不再提示 keeps it away for good (noRemindersList). Drawn in plain elements, as a
 * small antd Card, since it is part of the dashboard's first paint.
 */
export function GuideCard() {
  const dispatch = useAppDispatch();
  const show = useAppSelector(selectShowGuide);
  const [touring, setTouring] = useState(false);
  const titleId = useId();
  if (!show) return null;

  const dismiss = () => {
    rememberGuideDismissed();
    setTouring(false);
    dispatch(guideToggled(false));
  };

  return (
    <section className={styles.guide} aria-labelledby={titleId}>
      <div id={titleId} className={styles.guideTitle}>
        {text.guideTitle}
      </div>
      <div className={styles.guideBody}>
        <ol className={styles.guideSteps}>
          {text.guideSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className={styles.guideActions}>
          <PlainButton variant="primary" small onClick={() => setTouring(true)}>
            {text.guideTour}
          </PlainButton>
          <PlainButton small onClick={dismiss}>
            {text.guideDismiss}
          </PlainButton>
        </div>
      </div>
      {touring && (
        <Suspense fallback={null}>
          <GuideTour onClose={() => setTouring(false)} onFinish={dismiss} />
        </Suspense>
      )}
    </section>
  );
}
