import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from 'react-router';
import type { Prerequisite } from '@contract/organization';
import { companyCenterAuthorizePath, paths } from '@/config/paths';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { orgFunctionsMessages } from '@/locales/zh-CN/org-functions';
import { formatDateTime } from '@/utils/date-time';
import {
  useAccountStateQuery,
  useOpenAccountMutation,
  useSignInfoQuery,
} from '@/features/e-contract/api/e-contract-api';
import { conflictReason } from './conflict';
import styles from './e-contract.module.css';

const text = eContractMessages.account;

/** Where each prerequisite of the account is done. */
const PLACE_OF: Record<Exclude<Prerequisite, 'AUTHENTICATION'>, string> = {
  SETTLEMENT_ACCOUNT: paths.bankAccounts,
  AGREEMENT: `${paths.companyCenter}?type=agreements`,
  BUSINESS_AUTHORISATION: companyCenterAuthorizePath(),
};

/**
 * What the account still needs, from the organisation's functions (its opening is electronic signing's):
 * authentication first, else the list and a link to where the first is done.
 */
function MissingAlert({ missing }: { missing: Prerequisite[] }) {
  const [first] = missing;
  if (!first || first === 'AUTHENTICATION') {
    return (
      <Alert
        type="info"
        showIcon
        title={text.needsAuth}
        action={<Link to={companyCenterAuthorizePath()}>{text.goAuth}</Link>}
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title={format(text.needs, {
        items: missing.map((item) => orgFunctionsMessages.prerequisites[item]).join('、'),
      })}
      action={<Link to={PLACE_OF[first]}>{text.goFor[first]}</Link>}
    />
  );
}

/**
 * 电子签章账户: whether the organisation's account is open, what waits for its signature, and the open action
 * (the request layer asks for the SMS code the server requires). Only an authenticated organisation may open one.
 */
export function AccountCard() {
  const { message, modal } = App.useApp();
  const state = useAccountStateQuery();
  const info = useSignInfoQuery(undefined, { skip: !state.data?.open });
  const [open, opening] = useOpenAccountMutation();

  const openNow = async () => {
    try {
      await open().unwrap();
      void message.success(text.opened);
    } catch (error) {
      const reason = conflictReason(error);
      if (reason) void message.error(reason);
    }
  };

  // The confirmation closes before the call: the SMS dialog that follows must not sit under it.
  const confirmOpen = () =>
    modal.confirm({
      title: text.openAction,
      content: text.openConfirm,
      okText: text.openConfirmOk,
      cancelText: commonMessages.cancel,
      onOk: () => {
        void openNow();
      },
    });

  const account = state.data;
  return (
    <Card
      title={
        <h2 className={styles.cardTitle}>
          {text.title}{' '}
          {account && (
            <Tag color={account.open ? 'success' : 'default'}>{account.open ? text.open : text.notOpen}</Tag>
          )}
        </h2>
      }
      loading={state.isLoading}
    >
      {state.isError && <Alert type="warning" showIcon title={text.loadFailed} />}
      {account && !account.open && (
        <>
          <Typography.Paragraph className={styles.intro}>{text.intro}</Typography.Paragraph>
          {account.canOpen ? (
            <Button type="primary" loading={opening.isLoading} onClick={confirmOpen}>
              {text.openAction}
            </Button>
          ) : (
            <MissingAlert missing={account.missing} />
          )}
        </>
      )}
      {account?.open && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'openedAt', label: text.openedAt, children: formatDateTime(account.openedAt) },
            { key: 'pending', label: text.pending, children: info.data?.pending ?? '—' },
            { key: 'signed', label: text.signed, children: info.data?.signed ?? '—' },
            {
              key: 'verification',
              label: text.verification,
              children: info.data
                ? info.data.verification === 'qr'
                  ? text.verificationQr
                  : text.verificationSms
                : '—',
            },
          ]}
        />
      )}
    </Card>
  );
}
