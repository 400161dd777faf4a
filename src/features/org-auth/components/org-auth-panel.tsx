import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { ORG_AUTH_METHOD, type OrgAuthMethod } from '@contract/bank-account';
import { refusalOf } from '@/lib/refusal';
import { format } from '@/locales/format';
import { orgAuthMessages } from '@/locales/zh-CN/org-auth';
import { maskAccountNo } from '@/utils/account-number';
import { useAuthApplyRecordQuery } from '@/features/org-auth/api/org-auth-api';
import styles from './org-auth.module.css';
import { TransferAuth } from './transfer-auth';

const text = orgAuthMessages;

export interface OrgAuthPanelProps {
  /** Called once the organisation is authenticated: the app refreshes the company list (spec section 4). */
  onAuthorized: () => void;
  /**
   * The e-licence method (the QR panel beside the LICENSE steps), which its own feature brings. Shown as a
   * method to choose while the organisation is not authenticated, and below the result once it is: the
   * licence can still be bound, or its operator changed.
   */
  licence?: ReactNode;
}

/**
 * 企业认证 (`/company-center?type=authorize`): an authenticated organisation sees how it was authenticated; one
 * that is not chooses a method, and the transfer method walks through request, waiting and the amount check.
 */
export function OrgAuthPanel({ onAuthorized, licence }: OrgAuthPanelProps) {
  const AVAILABLE: Record<OrgAuthMethod, boolean> = { BANKTRANSFER: true, LICENSE: licence !== undefined };
  const record = useAuthApplyRecordQuery();
  const [method, setMethod] = useState<OrgAuthMethod>(ORG_AUTH_METHOD.bankTransfer);

  if (record.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!record.data) {
    return <Alert type="warning" showIcon title={refusalOf(record.error)?.text ?? text.loadFailed} />;
  }
  const { orgName, authorized, transfer } = record.data;

  if (authorized) {
    return (
      <>
        <Card>
          <Result
            status="success"
            icon={<CheckCircleFilled aria-hidden />}
            title={<h2 className={styles.resultTitle}>{text.authorized.title}</h2>}
            subTitle={format(text.authorized.subTitle, { orgName })}
          >
            <Descriptions column={1} size="small">
              {record.data.method && (
                <Descriptions.Item label={text.authorized.method}>
                  {text.methods[record.data.method]}
                </Descriptions.Item>
              )}
              {record.data.method === ORG_AUTH_METHOD.bankTransfer && transfer && (
                <Descriptions.Item label={text.authorized.account}>
                  {transfer.branchName} {maskAccountNo(transfer.accountNo)}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Result>
        </Card>
        {licence}
      </>
    );
  }

  return (
    <Card title={<h2 className={styles.title}>{text.title}</h2>}>
      <p className={styles.intro}>{text.intro}</p>
      <fieldset className={styles.methods}>
        <legend className={styles.legend}>{text.methods.legend}</legend>
        <Radio.Group value={method} onChange={(event) => setMethod(event.target.value as OrgAuthMethod)}>
          {(Object.keys(AVAILABLE) as OrgAuthMethod[]).map((key) => (
            <Radio key={key} value={key} disabled={!AVAILABLE[key]} className={styles.method}>
              <span className={styles.methodName}>
                {text.methods[key]}
                {!AVAILABLE[key] && <Tag className={styles.soon}>{text.methods.comingSoon}</Tag>}
              </span>
              <span className={styles.methodHint}>{text.methods[`${key}Hint`]}</span>
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      {method === ORG_AUTH_METHOD.bankTransfer ? (
        <TransferAuth
          orgName={orgName}
          transfer={transfer}
          onRefresh={() => void record.refetch()}
          refreshing={record.isFetching}
          onAuthorized={onAuthorized}
        />
      ) : (
        (licence ?? <Alert type="info" showIcon title={text.licencePlace} />)
      )}
    </Card>
  );
}
