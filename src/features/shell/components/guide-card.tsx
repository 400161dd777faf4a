import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tour, { type TourProps } from 'antd/es/tour';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { exportCenterMessages } from '@/locales/zh-CN/export-center';
import { navMessages } from '@/locales/zh-CN/nav';
import { noticeMessages } from '@/locales/zh-CN/notices';
import { shellMessages } from '@/locales/zh-CN/shell';
import { guideToggled, selectShowGuide } from '@/features/shell/model/global-slice';
import { rememberGuideDismissed } from '@/features/shell/model/guide';

const text = shellMessages;

const target = (name: string) => () => document.querySelector<HTMLElement>(`[data-tour="${name}"]`)!;

const tourSteps: TourProps['steps'] = [
  { title: navMessages.dashboard, description: text.tourMenu, target: target('menu') },
  { title: noticeMessages.bell, description: text.tourNotices, target: target('notices') },
  { title: exportCenterMessages.title, description: text.tourExport, target: target('export') },
  { title: text.accountMenu, description: text.tourAccount, target: target('account') },
];

/**
 * The first-visit guide (showGuide): a hint above the page that does not block it, with an optional
 * tour of the shell. 不再提示 keeps it away for good (noRemindersList).
 */
export function GuideCard() {
  const dispatch = useAppDispatch();
  const show = useAppSelector(selectShowGuide);
  const [touring, setTouring] = useState(false);
  if (!show) return null;

  const dismiss = () => {
    rememberGuideDismissed();
    setTouring(false);
    dispatch(guideToggled(false));
  };

  return (
    <Card
      size="small"
      title={text.guideTitle}
      style={{ marginBottom: 16 }}
      role="region"
      aria-label={text.guideTitle}
    >
      <ol style={{ margin: '0 0 12px', paddingLeft: 20 }}>
        {text.guideSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Button type="primary" size="small" onClick={() => setTouring(true)} style={{ marginRight: 8 }}>
        {text.guideTour}
      </Button>
      <Button size="small" onClick={dismiss}>
        {text.guideDismiss}
      </Button>
      {touring && <Tour open steps={tourSteps} onClose={() => setTouring(false)} onFinish={dismiss} />}
    </Card>
  );
}
