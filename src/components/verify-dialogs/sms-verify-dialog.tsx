import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal/Modal';
import { VERIFY_CODE_LENGTH } from '@contract/constants';
import { scrollToFirstError } from '@/lib/form';
import { HttpError } from '@/lib/http-error';
import { withNotifier } from '@/lib/notify';
import type { VerificationOutcome } from '@/lib/verification-queue';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { verificationMessages } from '@/locales/zh-CN/verification';
import { verifyCodeRules } from '@/utils/validators';
import { useSmsCountdown } from './sms-countdown';
import { sendSmsCode } from './verification-api';
import styles from './verify-dialogs.module.css';

const text = verificationMessages;

const SliderCaptchaModal = lazy(() =>
  import('@/components/slider-captcha/slider-captcha-modal').then((module) => ({
    default: module.SliderCaptchaModal,
  })),
);

interface SmsFormValues {
  mobile: string;
  code: string;
}

export interface SmsVerifyDialogProps {
  open: boolean;
  /** Where the code goes: the signed-in user's mobile, or the one a password reset names. Not editable. */
  mobile: string | undefined;
  /** Replays the refused call with the code; a refused code keeps the dialog open with the reason. */
  onSubmit: (code: string) => Promise<VerificationOutcome>;
  onCancel: () => void;
}

/**
 * The SMS dialog of spec section 4: 手机号 prefilled and disabled, 验证码 of 6 digits; 获取验证码 runs the
 * slider puzzle, then sends; the 61 s resend countdown survives closing and reopening.
 */
export function SmsVerifyDialog({ open, mobile, onSubmit, onCancel }: SmsVerifyDialogProps) {
  const [form] = Form.useForm<SmsFormValues>();
  const { seconds, start } = useSmsCountdown(mobile);
  const [sliderRequested, setSliderRequested] = useState(false);
  const [sliderOpen, setSliderOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const askForPuzzle = () => {
    setSliderRequested(true);
    setSliderOpen(true);
  };

  const send = async (captchaVerification: string) => {
    setSliderOpen(false);
    if (!mobile) return;
    setSending(true);
    try {
      await sendSmsCode(mobile, captchaVerification);
      start();
      withNotifier(({ message }) => void message.success(text.codeSent));
    } catch (error) {
      // The catalogue showed why; a 429 says how long to wait, which the countdown then shows.
      if (error instanceof HttpError && error.retryAfter) start(error.retryAfter);
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ code }: SmsFormValues) => {
    setSubmitting(true);
    try {
      const outcome = await onSubmit(code.trim());
      if (!outcome.done)
        form.setFields([{ name: 'code', errors: [outcome.message || text.tooManyAttempts] }]);
    } finally {
      setSubmitting(false);
    }
  };

  const counting = seconds > 0;

  return (
    <Modal
      open={open}
      title={text.smsTitle}
      okText={text.submit}
      cancelText={commonMessages.cancel}
      confirmLoading={submitting}
      mask={{ closable: false }}
      destroyOnHidden
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <p className={styles.intro}>{text.smsIntro}</p>
      <Form<SmsFormValues>
        form={form}
        name="sms-verification"
        layout="vertical"
        requiredMark={false}
        initialValues={{ mobile: mobile ?? '', code: '' }}
        scrollToFirstError={scrollToFirstError}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="mobile" label={text.mobileLabel}>
          <Input disabled />
        </Form.Item>
        <Form.Item label={text.codeLabel} required>
          <div className={styles.codeRow}>
            <Form.Item name="code" rules={verifyCodeRules} noStyle>
              <Input
                className={styles.codeInput}
                aria-label={text.codeLabel}
                placeholder={text.codePlaceholder}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFY_CODE_LENGTH}
              />
            </Form.Item>
            <Button
              className={styles.sendButton}
              disabled={counting || !mobile}
              loading={sending}
              onClick={askForPuzzle}
            >
              {counting ? format(text.resendIn, { seconds }) : text.sendCode}
            </Button>
          </div>
        </Form.Item>
      </Form>
      {sliderRequested && (
        <Suspense fallback={null}>
          <SliderCaptchaModal
            open={sliderOpen}
            scene="sms"
            onSuccess={(verification) => void send(verification)}
            onCancel={() => setSliderOpen(false)}
          />
        </Suspense>
      )}
    </Modal>
  );
}
