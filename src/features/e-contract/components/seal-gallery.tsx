import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Seal } from '@contract/e-contract-schemas';
import { format } from '@/locales/format';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { useSealsQuery } from '@/features/e-contract/api/e-contract-api';
import styles from './e-contract.module.css';

const text = eContractMessages.seals;

/** The seal's SVG as an image: drawn by the browser, never inserted into the page as markup. */
const sealSource = (seal: Seal) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(seal.svg)}`;

const templateName = (seal: Seal) => eContractMessages.templates[seal.template] ?? seal.template;

/** 印章: the template seals the account was opened with, the default one marked. */
export function SealGallery({ accountOpen }: { accountOpen: boolean }) {
  const seals = useSealsQuery(undefined, { skip: !accountOpen });
  return (
    <Card title={<h2 className={styles.cardTitle}>{text.title}</h2>} loading={seals.isLoading}>
      {seals.isError && <Alert type="warning" showIcon title={text.loadFailed} />}
      {(!accountOpen || seals.data?.length === 0) && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.empty} />
      )}
      {accountOpen && seals.data && seals.data.length > 0 && (
        <ul className={styles.seals} aria-label={text.title}>
          {seals.data.map((seal) => (
            <li key={seal.id} className={styles.seal}>
              <img
                className={styles.sealImage}
                src={sealSource(seal)}
                alt={format(text.alt, { name: seal.name, template: templateName(seal), size: seal.sizeMm })}
              />
              <Typography.Text strong>{templateName(seal)}</Typography.Text>
              <Typography.Text type="secondary">{format(text.size, { size: seal.sizeMm })}</Typography.Text>
              {seal.isDefault && <Tag color="blue">{text.defaultTag}</Tag>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
