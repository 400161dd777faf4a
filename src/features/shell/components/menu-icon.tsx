import {
  AppstoreOutlined,
  BankOutlined,
  CloudDownloadOutlined,
  FileTextOutlined,
  FundOutlined,
  QuestionCircleOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import type { MenuIconName } from '@/features/shell/model/route-handle';

const icons: Record<MenuIconName, typeof AppstoreOutlined> = {
  dashboard: AppstoreOutlined,
  bill: FileTextOutlined,
  financing: FundOutlined,
  settlement: TransactionOutlined,
  company: BankOutlined,
  export: CloudDownloadOutlined,
  help: QuestionCircleOutlined,
};

export function MenuIcon({ name }: { name: MenuIconName }) {
  const Icon = icons[name];
  return <Icon aria-hidden />;
}
