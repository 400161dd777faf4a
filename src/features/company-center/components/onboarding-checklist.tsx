import { CheckCircleFilled } from '@ant-design/icons';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import { Link } from 'react-router';
import type { Onboarding } from '@contract/organization-schemas';
import { paths } from '@/config/paths';
import { companyCenterMessages as text } from '@/locales/zh-CN/company-center';
import { useOnboardingQuery } from '@/features/company-center/api/company-center-api';
import { isOnboardingDone } from '@/features/company-center/model/onboarding';
import styles from './company-center.module.css';

/** The id of the dashboard's functions panel. */
export const ORG_FUNCTIONS_ANCHOR = 'org-functions';

const companyTab = (type: string) => `${paths.companyCenter}?type=${type}`;

/** The four steps in order, each with where it is done. */
const STEPS: ReadonlyArray<{ key: keyof typeof text.steps; done: keyof Onboarding; to: string | null }> = [
  { key: 'authenticate', done: 'authenticated', to: companyTab('authorize') },
  { key: 'bankAccount', done: 'settlementAccount', to: companyTab('bankAccounts') },
  { key: 'agreement', done: 'agreementSigned', to: companyTab('agreements') },
  // On the dashboard itself: its functions panel.
  { key: 'functions', done: 'functionOpened', to: null },
];

/** How long the functions panel may take to appear: it loads with the dashboard's lower panels. */
const FUNCTIONS_WAIT_MS = 3000;

/** Scrolls to the dashboard's functions panel, waiting for it while the panels below the figures load. */
function scrollToFunctions(waited = 0) {
  const panel = document.getElementById(ORG_FUNCTIONS_ANCHOR);
  if (panel) panel.scrollIntoView({ behavior: 'smooth' });
  else if (waited < FUNCTIONS_WAIT_MS) setTimeout(() => scrollToFunctions(waited + 100), 100);
}

/**
 * 开通业务指引 on the dashboard, for an organisation that is not ready yet: authenticate, a verified
 * settlement account, a signed agreement, an opened function. Each step links to its page and shows when it
 * is done; the card is gone once all four are.
 */
export function OnboardingChecklist() {
  const onboarding = useOnboardingQuery();
  const state = onboarding.data;
  if (!state || isOnboardingDone(state)) return null;
  return (
    <Card size="small" title={text.onboardingTitle}>
      <p className={styles.hint}>{text.onboardingIntro}</p>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => {
          const done = state[step.done];
          return (
            <li key={step.key} className={`${styles.step} ${done ? styles.stepDone : ''}`}>
              <span className={styles.stepHead}>
                <span className={styles.stepNumber} aria-hidden>
                  {index + 1}
                </span>
                {text.steps[step.key]}
              </span>
              {done ? (
                <span>
                  <CheckCircleFilled style={{ color: '#389e0d' }} aria-hidden /> {text.stepDone}
                </span>
              ) : step.to ? (
                <Link to={step.to} aria-label={`${text.stepGo}：${text.steps[step.key]}`}>
                  {text.stepGo}
                </Link>
              ) : (
                <Button
                  type="link"
                  style={{ padding: 0, alignSelf: 'flex-start' }}
                  aria-label={`${text.stepGo}：${text.steps[step.key]}`}
                  onClick={() => scrollToFunctions()}
                >
                  {text.stepGo}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
