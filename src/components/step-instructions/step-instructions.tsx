import { useId, type ReactNode } from 'react';
import Image from 'antd/es/image';
import { format } from '@/locales/format';
import { stepInstructionsMessages } from '@/locales/zh-CN/step-instructions';
import { STEP_IMAGES } from './step-images';
import styles from './step-instructions.module.css';

const text = stepInstructionsMessages;

/** LICENSE: scanning the electronic business licence; BANKTRANSFER: small-amount transfer verification. */
export type StepInstructionsVariant = 'LICENSE' | 'BANKTRANSFER';

export interface StepInstructionsProps {
  variant: StepInstructionsVariant;
  /** Replaces the variant's own title (操作步骤说明 / 小额打款验证操作说明). */
  title?: ReactNode;
  /** Clicking an image opens it larger; on by default. */
  preview?: boolean;
}

/**
 * The step-instruction panel of spec section 2: a title bar and the variant's three numbered steps, each an
 * illustration and its text. The QR authentication panel shows the LICENSE variant beside the code, the
 * transfer authentication the BANKTRANSFER one beside its form.
 */
export function StepInstructions({ variant, title, preview = true }: StepInstructionsProps) {
  const titleId = useId();
  const { steps } = text[variant];
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title ?? text[variant].title}
      </h2>
      <ol className={styles.steps}>
        {steps.map((step, i) => {
          const index = i + 1;
          return (
            <li key={step} className={styles.step}>
              <Image
                className={styles.image}
                src={STEP_IMAGES[variant][i]}
                alt={format(text.imageAlt, { index, text: step })}
                width={160}
                height={100}
                preview={preview ? { cover: text.preview } : false}
              />
              <p className={styles.text}>
                <span className={styles.index}>{format(text.stepLabel, { index })}</span>
                {step}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
