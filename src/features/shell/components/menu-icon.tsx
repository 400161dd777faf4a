import { FrameIcon, type FrameIconName } from '@/components/plain-controls/frame-icons';
import type { MenuIconName } from '@/features/shell/model/route-handle';

const icons: Record<MenuIconName, FrameIconName> = {
  dashboard: 'appstore',
  bill: 'fileText',
  financing: 'fund',
  settlement: 'transaction',
  company: 'bank',
  export: 'cloudDownload',
  help: 'questionCircle',
};

export function MenuIcon({ name }: { name: MenuIconName }) {
  return <FrameIcon name={icons[name]} />;
}
