import Tabs from 'antd/es/tabs';
import { useSearchParams } from 'react-router';
import { ApplyRecordsTab } from '@/features/apply-records/components/apply-records-tab';
import { ApplyToJoin } from '@/features/apply-records/components/apply-to-join';
import { CompanyAuthTab } from '@/features/company-auth/components/company-auth-tab';

/**
 * The company centre's tabs built so far, until its tabbed page mounts them with the rest:
 * 企业认证与授权 (`?type=authorize` opens it) and 申请记录, with applying to another organisation.
 */
export function CompanyCenterInterim() {
  const [params, setParams] = useSearchParams();
  const active = params.get('type') === 'apply-records' ? 'apply-records' : 'authorize';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams({ type: key }, { replace: true })}
      items={[
        { key: 'authorize', label: '企业认证与授权', children: <CompanyAuthTab /> },
        {
          key: 'apply-records',
          label: '申请记录',
          children: (
            <>
              <ApplyRecordsTab />
              <ApplyToJoin />
            </>
          ),
        },
      ]}
    />
  );
}
