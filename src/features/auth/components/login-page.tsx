import { Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { lazyWithAntd, preloadAntd } from '@/components/antd-provider/lazy-with-antd';
import { PlainButton } from '@/components/plain-controls/plain-button';
import { PlainIcon } from '@/components/plain-controls/plain-icons';
import { PlainClearableInput, PlainPasswordInput } from '@/components/plain-controls/plain-input';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { accountLinkMessages } from '@/locales/zh-CN/account-links';
import { commonMessages } from '@/locales/zh-CN/common';
import { loginMessages } from '@/locales/zh-CN/login';
import { routeMessages } from '@/locales/zh-CN/route';
import { validationMessages } from '@/locales/zh-CN/validation';
import { loadChunk } from '@/utils/lazy-chunk';
import { isMobile } from '@/utils/validators';
import { selectLoginLoading } from '@/features/auth/model/user-slice';
import type { LoginResult } from '@/features/auth/model/login';
import styles from './login-page.module.css';

const text = loginMessages;

/** Most input can hold a +86 and spaces around the 11 digits. */
const MOBILE_INPUT_MAX_LENGTH = 20;

export interface LoginFormValues {
  mobile: string;
  password: string;
}

const importSliderModule = () => import('@/components/slider-captcha/slider-captcha-modal');
let sliderModule: ReturnType<typeof importSliderModule> | null = null;
/** The puzzle's chunk, asked for once by the focus, 登录 and the lazy modal; a failed load is tried again. */
function loadSliderModule(): ReturnType<typeof importSliderModule> {
  sliderModule ??= importSliderModule().catch((error: unknown) => {
    sliderModule = null;
    throw error;
  });
  return sliderModule;
}
/** The sign-in itself (request layer, cipher, post-login routine) is not needed to draw the form. */
const loadSignIn = () => loadChunk(() => import('@/features/auth/model/login'));

/**
 * Once the user turns to the form: load the puzzle and the sign-in code, and fetch the channel
 * configuration (the password key) while they type.
 */
function prepareSignIn(): void {
  void loadSliderModule().catch(() => undefined);
  preloadAntd();
  void loadSignIn()
    .then((module) => module.prepareLogIn())
    .catch(() => undefined);
}

/** The puzzle's dialog is antd's: antd's provider and core load with it, after the first paint. */
const SliderCaptchaModal = lazyWithAntd(() =>
  loadChunk(loadSliderModule).then((module) => module.SliderCaptchaModal),
);

function BrandLogo() {
  return (
    <svg className={styles.brandLogo} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="rgba(255,255,255,0.16)" />
      <path d="M11 14h18v3H11zM11 19h12v3H11zM11 24h18v3H11z" fill="#fff" />
    </svg>
  );
}

type LoginField = keyof LoginFormValues;
type LoginFieldErrors = Partial<Record<LoginField, string>>;

/** The checks of utils/validators' mobileRules and passwordRules (spec section 5), without antd Form. */
function fieldError(field: LoginField, value: string): string | undefined {
  if (field === 'password') return value === '' ? validationMessages.passwordRequired : undefined;
  const mobile = value.trim();
  if (mobile === '') return validationMessages.mobileRequired;
  return isMobile(mobile) ? undefined : validationMessages.mobileInvalid;
}

const FIELD_IDS: Record<LoginField, string> = { mobile: 'login_mobile', password: 'login_password' };
const helpId = (field: LoginField) => `${FIELD_IDS[field]}_help`;

/** What antd Form.Item gives a control: the error state for screen readers and the red border. */
function fieldState(field: LoginField, error: string | undefined) {
  return {
    id: FIELD_IDS[field],
    name: field,
    invalid: Boolean(error),
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? helpId(field) : undefined,
  };
}

/** A field's label, control and error below it, in antd's vertical form layout. */
function LoginFormItem({
  field,
  label,
  error,
  children,
}: {
  field: LoginField;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? `${styles.item} ${styles.itemWithError}` : styles.item}>
      <label className={styles.label} htmlFor={FIELD_IDS[field]}>
        {label}
      </label>
      {children}
      {error && (
        <div id={helpId(field)} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * The sign-in screen of `/user/login` and `/user/login-register`.
 *
 * It draws before antd loads (src/components/plain-controls draws its fields and button like antd's), and
 * its two fields keep their state here rather than in antd Form, where every other form keeps it: so the
 * login route's JavaScript at first paint stays within its 150 kB gzip budget. The checks and messages are
 * those of mobileRules and passwordRules: the mobile number is judged on leaving the field, the password
 * as it is typed, both on 登录, as antd Form did.
 */
export interface LoginPageProps {
  /** Shown above the form, e.g. that an invitation opens once signed in. */
  notice?: string;
}

export function LoginPage({ notice }: LoginPageProps = {}) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectLoginLoading);
  const [values, setValues] = useState<LoginFormValues>({ mobile: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [sliderRequested, setSliderRequested] = useState(false);
  const [sliderOpen, setSliderOpen] = useState(false);
  const credentials = useRef<LoginFormValues | null>(null);
  /** Why the last sign-in failed, shown above 登录 until the user changes the input or tries again. */
  const [signInError, setSignInError] = useState<string | null>(null);

  const check = (field: LoginField, value: string) =>
    setErrors((shown) => ({ ...shown, [field]: fieldError(field, value) }));

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSignInError(null);
    // The password is judged as it is typed; a shown mobile error goes as soon as the number is right.
    if (field === 'password' || errors.mobile) check(field, value);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const found: LoginFieldErrors = {
      mobile: fieldError('mobile', values.mobile),
      password: fieldError('password', values.password),
    };
    setErrors(found);
    const firstInvalid = (['mobile', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    prepareSignIn();
    setSignInError(null);
    credentials.current = { ...values };
    setSliderRequested(true);
    setSliderOpen(true);
  };

  const handleSliderSuccess = async (captchaVerification: string) => {
    setSliderOpen(false);
    const submitted = credentials.current;
    if (!submitted) return;
    let result: LoginResult;
    try {
      const { logIn } = await loadSignIn();
      result = await dispatch(logIn({ ...submitted, captchaVerification }));
    } catch {
      result = { ok: false, code: undefined, message: routeMessages.chunkLoadError };
    }
    if (!result.ok) setSignInError(result.message);
  };

  return (
    <div className={styles.page}>
      <section className={styles.brand} aria-label={commonMessages.platformName}>
        <div className={styles.brandName}>
          <BrandLogo />
          <span>{commonMessages.platformName}</span>
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
          {notice && (
            <p className={styles.notice} role="status">
              {notice}
            </p>
          )}
          <form name="login" className={styles.form} autoComplete="on" noValidate onSubmit={handleSubmit}>
            <LoginFormItem field="mobile" label={text.mobileLabel} error={errors.mobile}>
              <PlainClearableInput
                {...fieldState('mobile', errors.mobile)}
                value={values.mobile}
                onValueChange={(value) => change('mobile', value)}
                onBlur={(event) => check('mobile', event.target.value)}
                prefix={<PlainIcon name="mobile" />}
                placeholder={text.mobilePlaceholder}
                inputMode="tel"
                autoComplete="username"
                maxLength={MOBILE_INPUT_MAX_LENGTH}
              />
            </LoginFormItem>
            <LoginFormItem field="password" label={text.passwordLabel} error={errors.password}>
              <PlainPasswordInput
                {...fieldState('password', errors.password)}
                value={values.password}
                onValueChange={(value) => change('password', value)}
                prefix={<PlainIcon name="lock" />}
                placeholder={text.passwordPlaceholder}
                autoComplete="current-password"
              />
            </LoginFormItem>
            {signInError && (
              <div className={styles.signInError} role="alert">
                <PlainIcon name="closeCircle" className={styles.signInErrorIcon} />
                <span>{signInError}</span>
              </div>
            )}
            <PlainButton variant="primary" type="submit" large block loading={loading}>
              {text.submit}
            </PlainButton>
          </form>
          <div className={styles.links}>
            <Link to={paths.forgotPassword}>{accountLinkMessages.forgotPassword}</Link>
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
