import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { messages } from '@/locales/zh-CN';
import { loadChunk } from '@/utils/lazy-chunk';
import { mobileRules, passwordRules } from '@/utils/validators';
import { selectLoginLoading } from '@/features/auth/model/user-slice';
import type { LoginResult } from '@/features/auth/model/login';
import styles from './login-page.module.css';

const text = messages.login;

/** Most input can hold a +86 and spaces around the 11 digits. */
const MOBILE_INPUT_MAX_LENGTH = 20;

export interface LoginFormValues {
  mobile: string;
  password: string;
}

const loadSliderModule = () => import('@/components/slider-captcha/slider-captcha-modal');
/** The sign-in itself (request layer, cipher, post-login routine) is not needed to draw the form. */
const loadSignIn = () => loadChunk(() => import('@/features/auth/model/login'));

/**
 * Once the user turns to the form: load the puzzle and the sign-in code, and fetch the channel
 * configuration (the password key) while they type.
 */
function prepareSignIn(): void {
  void loadSliderModule().catch(() => undefined);
  void loadSignIn()
    .then((module) => module.prepareLogIn())
    .catch(() => undefined);
}

const SliderCaptchaModal = lazy(() =>
  loadChunk(loadSliderModule).then((module) => ({ default: module.SliderCaptchaModal })),
);

function BrandLogo() {
  return (
    <svg className={styles.brandLogo} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="rgba(255,255,255,0.16)" />
      <path d="M11 14h18v3H11zM11 19h12v3H11zM11 24h18v3H11z" fill="#fff" />
    </svg>
  );
}

/** The sign-in screen of `/user/login` and `/user/login-register`. */
export function LoginPage() {
  const { notification } = App.useApp();
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectLoginLoading);
  const [form] = Form.useForm<LoginFormValues>();
  const [sliderRequested, setSliderRequested] = useState(false);
  const [sliderOpen, setSliderOpen] = useState(false);
  const credentials = useRef<LoginFormValues | null>(null);

  const handleFinish = (values: LoginFormValues) => {
    prepareSignIn();
    credentials.current = values;
    setSliderRequested(true);
    setSliderOpen(true);
  };

  const handleSliderSuccess = async (captchaVerification: string) => {
    setSliderOpen(false);
    const values = credentials.current;
    if (!values) return;
    let result: LoginResult;
    try {
      const { logIn } = await loadSignIn();
      result = await dispatch(logIn({ ...values, captchaVerification }));
    } catch {
      result = { ok: false, code: undefined, message: messages.app.chunkLoadError };
    }
    if (!result.ok) notification.error({ title: messages.common.tip, description: result.message });
  };

  return (
    <div className={styles.page}>
      <section className={styles.brand} aria-label={messages.common.platformName}>
        <div className={styles.brandName}>
          <BrandLogo />
          <span>{messages.common.platformName}</span>
        </div>
        <div className={styles.brandBody}>
          <p className={styles.slogan}>{text.brandSlogan}</p>
          <p className={styles.intro}>{text.brandIntro}</p>
          <ul className={styles.features}>
            {text.brandFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
        <div className={styles.brandFooter}>{text.copyright}</div>
      </section>

      <main className={styles.formSide}>
        <div className={styles.card} onFocusCapture={prepareSignIn}>
          <h1 className={styles.title}>{text.title}</h1>
          <p className={styles.subtitle}>{text.subtitle}</p>
          <Form<LoginFormValues>
            form={form}
            name="login"
            layout="vertical"
            requiredMark={false}
            size="large"
            autoComplete="on"
            onFinish={handleFinish}
          >
            <Form.Item name="mobile" label={text.mobileLabel} rules={mobileRules} validateTrigger="onBlur">
              <Input
                prefix={<MobileOutlined aria-hidden />}
                placeholder={text.mobilePlaceholder}
                inputMode="tel"
                autoComplete="username"
                maxLength={MOBILE_INPUT_MAX_LENGTH}
                allowClear
              />
            </Form.Item>
            <Form.Item name="password" label={text.passwordLabel} rules={passwordRules}>
              <Password
                prefix={<LockOutlined aria-hidden />}
                placeholder={text.passwordPlaceholder}
                autoComplete="current-password"
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" block loading={loading}>
                {text.submit}
              </Button>
            </Form.Item>
          </Form>
          <div className={styles.links}>
            <Link to={paths.helpCenter}>{text.helpLink}</Link>
          </div>
        </div>
      </main>

      {sliderRequested && (
        <Suspense fallback={null}>
          <SliderCaptchaModal
            open={sliderOpen}
            scene="login"
            onSuccess={handleSliderSuccess}
            onCancel={() => setSliderOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
