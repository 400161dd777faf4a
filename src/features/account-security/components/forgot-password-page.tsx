import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { ClearableInput } from '@/components/clearable-input/clearable-input';
import Password from 'antd/es/input/Password';
import { VerifyDialogHost } from '@/components/verify-dialogs/verify-dialog-host';
import { paths } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { withNotifier } from '@/lib/notify';
import { accountSecurityMessages } from '@/locales/zh-CN/account-security';
import { loginMessages } from '@/locales/zh-CN/login';
import { mobileRules, normalizeMobile } from '@/utils/validators';
import { requestPasswordReset } from '@/features/account-security/api/account-security-requests';
import { confirmPasswordRules, newPasswordRules } from '@/features/account-security/model/password-rules';
import { encryptForPlatform } from '@/features/account-security/model/platform-password';
import styles from './forgot-password-page.module.css';

const text = accountSecurityMessages.forgotPassword;

interface ForgotPasswordValues {
  mobile: string;
  password: string;
  confirm: string;
}

/**
 * 忘记密码 (public): a new password for a mobile, proven by an SMS code to that mobile. The server asks for
 * the code (406); the request layer's SMS dialog, prefilled with this mobile, obtains it and replays.
 */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotPasswordValues>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ mobile, password }: ForgotPasswordValues) => {
    setSubmitting(true);
    try {
      const ciphertext = await encryptForPlatform(password);
      await requestPasswordReset({ mobile: normalizeMobile(mobile), password: ciphertext });
      withNotifier(({ message }) => void message.success(text.success));
      navigate(paths.login, { replace: true });
    } catch {
      // The catalogue (or the key's failure) has shown why; a closed SMS dialog needs no word.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{text.title}</h1>
        <p className={styles.subtitle}>{text.subtitle}</p>
        <Form<ForgotPasswordValues>
          form={form}
          name="forgot-password"
          layout="vertical"
          requiredMark={false}
          size="large"
          scrollToFirstError={scrollToFirstError}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="mobile" label={text.mobileLabel} rules={mobileRules} validateTrigger="onBlur">
            <ClearableInput
              prefix={<MobileOutlined aria-hidden />}
              placeholder={loginMessages.mobilePlaceholder}
              inputMode="tel"
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item name="password" label={text.passwordLabel} rules={newPasswordRules}>
            <Password
              prefix={<LockOutlined aria-hidden />}
              placeholder={text.passwordPlaceholder}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={text.confirmLabel}
            dependencies={['password']}
            rules={confirmPasswordRules('password')}
          >
            <Password
              prefix={<LockOutlined aria-hidden />}
              placeholder={text.confirmPlaceholder}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {text.submit}
            </Button>
          </Form.Item>
        </Form>
        <div className={styles.links}>
          <Link to={paths.login}>{text.backToLogin}</Link>
        </div>
      </div>
      {/* Public routes carry no shell: the SMS dialog of the reset is hosted here. */}
      <VerifyDialogHost />
    </main>
  );
}
