import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { PageTitle } from '@/components/card-title/card-title';
import { useAccountStateQuery } from '@/features/e-contract/api/e-contract-api';
import { AccountCard } from './account-card';
import { ContractList } from './contract-list';
import { SealGallery } from './seal-gallery';
import { SignRecords } from './sign-records';

/** `/company-center/contracts`, 电子合同: the e-sign account, its seals, the contracts and the sign records. */
export function ContractsPage() {
  const account = useAccountStateQuery();
  const open = account.data?.open ?? false;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{eContractMessages.title}</PageTitle>
      <AccountCard />
      <SealGallery accountOpen={open} />
      <Card>
        <Tabs
          items={[
            {
              key: 'contracts',
              label: eContractMessages.tabs.contracts,
              children: <ContractList accountOpen={open} />,
            },
            { key: 'records', label: eContractMessages.tabs.records, children: <SignRecords /> },
          ]}
        />
      </Card>
    </Space>
  );
}
