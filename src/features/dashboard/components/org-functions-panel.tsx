import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { OrgFunction } from '@contract/shell-schemas';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { formatDate } from '@/utils/date-time';
import {
  useChannelFunctionsQuery,
  useOpenFunctionMutation,
  useOrgFunctionsQuery,
} from '@/features/dashboard/api/dashboard-api';
import styles from './dashboard.module.css';

const text = dashboardMessages;

/**
 * The organisation account's functions: opened or not, whether the default channel offers them, and
 * 开通 for the organisation's owner (`POST /api/scbill/org-acct/open-func`).
 */
export function OrgFunctionsPanel({ owner }: { owner: boolean }) {
  const { message, modal } = App.useApp();
  const functions = useOrgFunctionsQuery();
  const offered = useChannelFunctionsQuery();
  const [openFunction, opening] = useOpenFunctionMutation();
  const offeredCodes = offered.data ? new Set(offered.data.map((f) => f.funcCode)) : null;

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
          {list.map((item) => {
            const isOffered = !offeredCodes || offeredCodes.has(item.funcCode);
            return (
              <li key={item.funcCode} className={styles.function}>
                <span className={styles.functionName}>{item.funcName}</span>
                {item.opened ? (
                  <Tooltip
                    title={
                      item.openedAt ? format(text.openedAt, { time: formatDate(item.openedAt) }) : undefined
                    }
                  >
                    <Tag color="success">{text.opened}</Tag>
                  </Tooltip>
                ) : !isOffered ? (
                  <span className={styles.muted}>{text.notOffered}</span>
                ) : owner ? (
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
                ) : (
                  <Tooltip title={text.ownerOnly}>
                    <Tag>{text.notOpened}</Tag>
                  </Tooltip>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
