import { useId } from 'react';
import { LICENCE_GUIDE_URL } from '@contract/elec-licence';
import { format } from '@/locales/format';
import { elecLicenceMessages } from '@/locales/zh-CN/elec-licence';
import { QrAuthPanel, type QrAuthPanelProps } from './qr-auth-panel';
import styles from './licence-qr-auth-panel.module.css';

const text = elecLicenceMessages;

/**
 * The QR authentication panel of spec sections 2 and 4. Left: the title, the licence instructions (a new
 * tab on the government site), three numbered lines and the code with its states (QrAuthPanel: waiting,
 * success overlay, failure mask with 错误, expired after 9 minutes). Right: the LICENSE step panel.
 */
export function LicenceQrAuthPanel(props: QrAuthPanelProps) {
  const titleId = useId();
  const stepsId = useId();
  return (
    <div className={styles.panel}>
      <section className={styles.left} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {text.panelTitle}
        </h2>
        <a className={styles.guide} href={LICENCE_GUIDE_URL} target="_blank" rel="noopener noreferrer">
          {text.guideLink}
        </a>
        <ol className={styles.lines}>
          {text.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <QrAuthPanel alt={text.qrAlt} {...props} />
      </section>
      <section className={styles.right} aria-labelledby={stepsId}>
        <h2 id={stepsId} className={styles.stepsTitle}>
          {text.stepsTitle}
        </h2>
        <ol className={styles.steps}>
          {text.steps.map((step, i) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepIndex}>{format(text.stepLabel, { index: i + 1 })}</span>
              {step}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
