import Tour, { type TourProps } from 'antd/es/tour';
import { exportCenterMessages } from '@/locales/zh-CN/export-center';
import { navMessages } from '@/locales/zh-CN/nav';
import { noticeMessages } from '@/locales/zh-CN/notices';
import { shellMessages } from '@/locales/zh-CN/shell';

const text = shellMessages;

/**
 * The element a step points at: the first one named so that shows. On a small screen the menu and the
 * header's tools are closed behind the header's two buttons, which carry their names too.
 */
const target = (name: string) => () => {
  const named = [...document.querySelectorAll<HTMLElement>(`[data-tour~="${name}"]`)];
  return named.find((element) => element.getClientRects().length > 0) ?? named[0]!;
};

const tourSteps: TourProps['steps'] = [
  { title: navMessages.dashboard, description: text.tourMenu, target: target('menu') },
  { title: noticeMessages.bell, description: text.tourNotices, target: target('notices') },
  { title: exportCenterMessages.title, description: text.tourExport, target: target('export') },
  { title: text.accountMenu, description: text.tourAccount, target: target('account') },
];

/** The tour of the shell that the first-visit guide offers (antd's Tour, loaded when it starts). */
export function GuideTour({ onClose, onFinish }: { onClose: () => void; onFinish: () => void }) {
  return <Tour open steps={tourSteps} onClose={onClose} onFinish={onFinish} />;
}
