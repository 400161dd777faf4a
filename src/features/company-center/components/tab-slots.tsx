import Empty from 'antd/es/empty';
import { companyCenterMessages as text } from '@/locales/zh-CN/company-center';

/** A tab whose content another feature brings, until it does (see CompanyCenterSlots). */
export function ComingSoon() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.comingSoon} />;
}
