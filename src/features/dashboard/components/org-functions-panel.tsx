import { useNavigate } from 'react-router';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { FUNCTION_OPENED_WITH } from '@contract/shell';
import type { OrgFunction } from '@contract/shell-schemas';
import { paths } from '@/config/paths';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { orgFunctionsMessages } from '@/locales/zh-CN/org-functions';
import { formatDate } from '@/utils/date-time';
import { functionStateLabel, functionStateOf, missingText } from '@/components/org-functions/function-state';
import { useOpenFunctionMutation, useOrgFunctionsQuery } from '@/components/org-functions/org-functions-api';
import styles from './dashboard.module.css';

const text = dashboardMessages;

/**
 * The organisation account's functions as the server decides them: 已开通, 即将上线 (not built yet), not
 * offered by its channel, or 未开通 with what opening it still needs; 开通 for the owner once nothing is
 * missing (`POST /api/scbill/org-acct/open-func`), or the e-sign account's page for electronic signing.
 */
export function OrgFunctionsPanel({ owner }: { owner: boolean }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const functions = useOrgFunctionsQuery();
  const [openFunction, opening] = useOpenFunctionMutation();

  const confirmOpen = (item: OrgFunction) => {
    modal.confirm({
      title: format(text.openConfirmTitle, { name: item.funcName }),
      content: text.openConfirmContent,
      okText: text.openFunction,
      cancelText: commonMessages.cancel,
      onOk: async () => {
        try {
          await openFunction(item.funcCode).unwrap();
          void message.success(format(text.openDone, { name: item.funcName }));
        } catch (error) {
          // A refusal naming what is still missing (409) is the server's to word; others were noticed already.
          const refused = (error as { status?: number; message?: string } | null) ?? {};
          if (refused.status === 409 && refused.message) void message.error(refused.message);
        }
      },
    });
  };

  const action = (item: OrgFunction) => {
    const state = functionStateOf(item);
    if (state === 'opened') {
      return (
        <Tooltip
          title={item.openedAt ? format(text.openedAt, { time: formatDate(item.openedAt) }) : undefined}
        >
          <Tag color="success">{functionStateLabel(state)}</Tag>
        </Tooltip>
      );
    }
    if (state !== 'notOpened') return <span className={styles.muted}>{functionStateLabel(state)}</span>;
    const missing = missingText(item);
    if (missing) return <span className={styles.muted}>{missing}</span>;
    if (!owner) {
      return (
        <Tooltip title={text.ownerOnly}>
          <Tag>{functionStateLabel(state)}</Tag>
        </Tooltip>
      );
    }
    if (item.openedWith === FUNCTION_OPENED_WITH.esignAccount) {
      return (
        <Button size="small" type="link" onClick={() => navigate(paths.contractSigning)}>
          {orgFunctionsMessages.openWithEsignAccount}
        </Button>
      );
    }
    return (
      <Button
        size="small"
        type="primary"
        ghost
        loading={opening.isLoading && opening.originalArgs === item.funcCode}
        onClick={() => confirmOpen(item)}
        aria-label={`${text.openFunction}${item.funcName}`}
      >
        {text.openFunction}
      </Button>
    );
  };

  const list = functions.data ?? [];
  return (
    <Card id="org-functions" size="small" title={text.functionsTitle} style={{ height: '100%' }}>
      {functions.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : functions.isError ? (
        <Alert type="warning" showIcon title={text.functionsFailed} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.functionsEmpty} />
      ) : (
        <ul className={styles.functions}>
          {list.map((item) => (
            <li key={item.funcCode} className={styles.function}>
              <span className={styles.functionName}>{item.funcName}</span>
              {action(item)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
