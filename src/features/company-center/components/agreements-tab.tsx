import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import type { ContractStatus } from '@contract/e-contract';
import { AGREEMENT_STATUS, AGREEMENT_STATUS_LABEL, type AgreementStatus } from '@contract/organization';
import type { OrgAgreement } from '@contract/organization-schemas';
import { paths } from '@/config/paths';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { companyCenterMessages as text } from '@/locales/zh-CN/company-center';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { formatDateTime } from '@/utils/date-time';
import {
  useAgreementsQuery,
  useLazyReleaseCheckQuery,
  useReleaseAgreementMutation,
  useSignAgreementMutation,
} from '@/features/company-center/api/company-center-api';
import { quietFailureMessage } from '@/features/company-center/model/quiet-failure';
import styles from './company-center.module.css';

const STATUS_COLOR: Record<AgreementStatus, string | undefined> = {
  UNSIGNED: undefined,
  SIGNED: 'success',
  RELEASED: 'default',
};

/** What still waits for a signature is blue; signed green; ended unsigned grey, refused red. */
const CONTRACT_COLOR: Record<ContractStatus, string> = {
  draft: 'processing',
  signing: 'processing',
  complete: 'success',
  revoked: 'default',
  expired: 'default',
  refused: 'error',
};

/** The agreement's contract: its state, and where it waits for a signature, the way to the contract screen. */
function ContractCell({ item }: { item: OrgAgreement }) {
  if (!item.contractStatus)
    return <>{item.status === AGREEMENT_STATUS.signed ? text.contractPending : '—'}</>;
  const waiting = item.contractStatus === 'draft' || item.contractStatus === 'signing';
  return (
    <>
      <Tag color={CONTRACT_COLOR[item.contractStatus]}>{eContractMessages.status[item.contractStatus]}</Tag>
      {waiting && (
        <Link
          to={paths.contractSigning}
          aria-label={format(text.contractSignOf, { name: item.agreementName })}
        >
          {text.contractSign}
        </Link>
      )}
    </>
  );
}

/**
 * 签约管理: the channel's service agreements. 签约 asks for confirmation, then the request layer's verification
 * dialog (QR code where the licence is bound, SMS where not); 解约 first asks the server whether anything
 * depends on the agreement and names what does.
 */
export function AgreementsTab() {
  const { message, modal } = App.useApp();
  const agreements = useAgreementsQuery();
  const [sign, signing] = useSignAgreementMutation();
  const [checkRelease] = useLazyReleaseCheckQuery();
  const [release, releasing] = useReleaseAgreementMutation();
  const showQuiet = (error: unknown) => {
    const quiet = quietFailureMessage(error);
    if (quiet) void message.error(quiet);
  };

  const signNow = async (item: OrgAgreement) => {
    try {
      await sign(item.agreementCode).unwrap();
      void message.success(format(text.signDone, { name: item.agreementName }));
    } catch (error) {
      showQuiet(error);
    }
  };

  // The confirmation closes before signing starts: the verification dialog that follows must not sit under it.
  const confirmSign = (item: OrgAgreement) =>
    modal.confirm({
      title: format(text.signConfirm, { name: item.agreementName }),
      okText: text.sign,
      cancelText: commonMessages.cancel,
      onOk: () => {
        void signNow(item);
      },
    });

  const confirmRelease = async (item: OrgAgreement) => {
    let check;
    try {
      check = await checkRelease(item.id).unwrap();
    } catch {
      return;
    }
    if (!check.releasable) {
      modal.warning({
        title: format(text.releaseBlocked, { names: check.dependents.join('、') }),
        okText: commonMessages.ok,
      });
      return;
    }
    modal.confirm({
      title: format(text.releaseConfirm, { name: item.agreementName }),
      okText: text.release,
      okButtonProps: { danger: true },
      cancelText: commonMessages.cancel,
      onOk: async () => {
        try {
          await release(item.id).unwrap();
          void message.success(format(text.releaseDone, { name: item.agreementName }));
        } catch (error) {
          showQuiet(error);
        }
      },
    });
  };

  if (agreements.isError) return <Alert type="warning" showIcon title={text.loadFailed} />;
  return (
    <>
      <p className={styles.hint}>{text.agreementsIntro}</p>
      <Table<OrgAgreement>
        rowKey="agreementCode"
        loading={agreements.isFetching}
        dataSource={agreements.data ?? []}
        pagination={false}
        locale={{ emptyText: text.agreementsEmpty }}
        columns={[
          { title: text.agreementName, dataIndex: 'agreementName', render: (name: string) => `《${name}》` },
          { title: text.agreementVersion, dataIndex: 'version' },
          {
            title: text.agreementStatus,
            dataIndex: 'status',
            render: (status: AgreementStatus) => (
              <Tag color={STATUS_COLOR[status]}>{AGREEMENT_STATUS_LABEL[status]}</Tag>
            ),
          },
          { title: text.signedBy, dataIndex: 'signedBy', render: (v: string) => v || '—' },
          {
            title: text.signedAt,
            dataIndex: 'signedAt',
            render: (v: string) => (v ? formatDateTime(v) : '—'),
          },
          {
            title: text.agreementContract,
            key: 'contract',
            render: (_, item) => <ContractCell item={item} />,
          },
          {
            title: text.dependents,
            dataIndex: 'dependents',
            render: (names: string[]) => (names.length ? names.join('、') : '—'),
          },
          {
            title: text.actions,
            key: 'actions',
            render: (_, item) =>
              item.status === AGREEMENT_STATUS.signed ? (
                <Button
                  size="small"
                  danger
                  loading={releasing.isLoading && releasing.originalArgs === item.id}
                  aria-label={`${text.release}${item.agreementName}`}
                  onClick={() => void confirmRelease(item)}
                >
                  {text.release}
                </Button>
              ) : (
                <Button
                  size="small"
                  type="primary"
                  loading={signing.isLoading && signing.originalArgs === item.agreementCode}
                  aria-label={`${text.sign}${item.agreementName}`}
                  onClick={() => confirmSign(item)}
                >
                  {text.sign}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
