import { Suspense } from 'react';
import { useAppSelector } from '@/lib/store';
import { loadChunk } from '@/utils/lazy-chunk';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { LoadWhenNear } from '@/components/load-when-near/load-when-near';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useOnboardingQuery } from '@/features/company-center/api/company-center-api';
import { isOnboardingDone } from '@/features/company-center/model/onboarding';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/*
 * The dashboard's first screen (title, figures) draws without antd. What needs antd loads beside it: the
 * panels below the figures when they come near the visible area or the page is first used, the onboarding
 * checklist or the join prompt only when there is one to show.
 */
const DashboardPanels = lazyWithAntd(
  () => loadChunk(() => import('./dashboard-panels-route')).then((module) => module.DashboardPanelsRoute),
  { withApp: true },
);
const OnboardingChecklist = lazyWithAntd(() =>
  loadChunk(() => import('@/features/company-center/components/onboarding-checklist')).then(
    (module) => module.OnboardingChecklist,
  ),
);
const JoinCompanyPrompt = lazyWithAntd(() =>
  loadChunk(() => import('@/features/apply-records/components/join-company-prompt')).then(
    (module) => module.JoinCompanyPrompt,
  ),
);

/** The panels' usual height on a wide screen, held while they wait, so nothing around them moves. */
const PANELS_HEIGHT = 1400;

function OnboardingSlot({ hasOrganization }: { hasOrganization: boolean }) {
  const onboarding = useOnboardingQuery(undefined, { skip: !hasOrganization });
  const show = hasOrganization ? Boolean(onboarding.data && !isOnboardingDone(onboarding.data)) : true;
  if (!show) return null;
  return (
    <Suspense fallback={null}>{hasOrganization ? <OnboardingChecklist /> : <JoinCompanyPrompt />}</Suspense>
  );
}

/** 工作台: the dashboard with the shell's status, the notices' panels and the organisation's channels. */
export function Component() {
  const userInfo = useAppSelector(selectUserInfo);
  return (
    <DashboardPage
      userName={userInfo?.name}
      orgName={userInfo?.orgName}
      onboardingPanel={userInfo ? <OnboardingSlot hasOrganization={Boolean(userInfo.orgId)} /> : null}
    >
      <LoadWhenNear minHeight={PANELS_HEIGHT}>
        <DashboardPanels />
      </LoadWhenNear>
    </DashboardPage>
  );
}
