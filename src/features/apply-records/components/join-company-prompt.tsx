import Card from 'antd/es/card';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { applyRecordsMessages as text } from '@/locales/zh-CN/apply-records';

/** On the dashboard of someone who belongs to no organisation: where to find one and apply to join. */
export function JoinCompanyPrompt() {
  return (
    <Card size="small" title={text.joinTitle}>
      <p style={{ marginTop: 0 }}>{text.joinPrompt}</p>
      <Link to={paths.joinCompany}>{text.joinPromptLink}</Link>
    </Card>
  );
}
