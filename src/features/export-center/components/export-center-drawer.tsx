import { useEffect, useState } from 'react';
import { DownOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Dropdown from 'antd/es/dropdown';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import type { ExportKind } from '@contract/export';
import { PERMISSION, type PermissionPath } from '@contract/permissions';
import type { ExportTask } from '@contract/export-schemas';
import { useAppDispatch } from '@/lib/store';
import type { PermissionMap } from '@/lib/storage';
import { exportCenterMessages } from '@/locales/zh-CN/export-center';
import { formatDateTime } from '@/utils/date-time';
import {
  downloadExportFile,
  useCreateExportTaskMutation,
  useExportTasksQuery,
} from '@/features/export-center/api/export-api';
import { exportRedDotChanged, type RedDotOwner } from '@/features/export-center/model/red-dot';

const text = exportCenterMessages;

/** While a task is still being made, the list asks again this often (ms). */
export const EXPORT_POLL_INTERVAL = 1500;

/**
 * What 新建导出 offers, each with the page permission its list needs beyond the export centre's (the server
 * refuses the same): the organisation relations hold the 成员管理 roster.
 */
export const EXPORT_KINDS: ReadonlyArray<{ kind: ExportKind; label: string; permission?: PermissionPath }> = [
  { kind: 'operation-list', label: text.kindOperationList },
  { kind: 'org-relation', label: text.kindOrgRelation, permission: PERMISSION.staff.path },
  { kind: 'bills-held', label: text.kindBillsHeld },
  { kind: 'bills-issued', label: text.kindBillsIssued },
  { kind: 'bills-pending', label: text.kindBillsPending },
  { kind: 'bill-applications', label: text.kindBillApplications },
];

const statusView: Record<ExportTask['status'], { label: string; color: string }> = {
  pending: { label: text.statusPending, color: 'default' },
  running: { label: text.statusRunning, color: 'processing' },
  done: { label: text.statusDone, color: 'success' },
  failed: { label: text.statusFailed, color: 'error' },
};

const unfinished = (task: ExportTask) => task.status === 'pending' || task.status === 'running';

export interface ExportCenterDrawerProps {
  open: boolean;
  onClose: () => void;
  owner: RedDotOwner;
  /** The signed-in member's page permissions, by path. */
  permissions: PermissionMap;
}

/**
 * 导出中心: the export tasks with their progress, 新建导出 for the operation records, the organisation
 * relations and the bill lists, and downloads named from Content-Disposition. Opening it clears the red dot.
 */
export function ExportCenterDrawer({ open, onClose, owner, permissions }: ExportCenterDrawerProps) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(0);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [pollingInterval, setPollingInterval] = useState(0);
  const tasks = useExportTasksQuery(
    { page, size: DEFAULT_PAGE_SIZE },
    { skip: !open, pollingInterval, refetchOnMountOrArgChange: true },
  );
  const [createTask, creation] = useCreateExportTaskMutation();

  const { mobile, cId } = owner;
  useEffect(() => {
    if (open) dispatch(exportRedDotChanged({ mobile, cId }, false));
  }, [open, dispatch, mobile, cId]);

  const rows = tasks.data?.content ?? [];
  const anyUnfinished = rows.some(unfinished);
  useEffect(() => {
    setPollingInterval(open && anyUnfinished ? EXPORT_POLL_INTERVAL : 0);
  }, [open, anyUnfinished]);

  const create = async (kind: ExportKind) => {
    try {
      await createTask(kind).unwrap();
      setPage(0);
      void message.success(text.created);
    } catch {
      void message.error(text.createFailed);
    }
  };

  const download = async (task: ExportTask) => {
    setDownloading(task.id);
    try {
      await downloadExportFile(task);
    } catch {
      void message.error(text.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const columns: ColumnsType<ExportTask> = [
    { title: text.columnName, dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: text.columnCreatedAt,
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: text.columnStatus,
      key: 'status',
      width: 140,
      render: (_, task) =>
        task.status === 'running' ? (
          <Progress
            percent={task.progress}
            size="small"
            aria-label={`${text.statusRunning} ${task.progress}%`}
          />
        ) : (
          <Tag color={statusView[task.status].color}>{statusView[task.status].label}</Tag>
        ),
    },
    {
      title: text.columnAction,
      key: 'action',
      width: 90,
      render: (_, task) =>
        task.status === 'done' ? (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading === task.id}
            onClick={() => void download(task)}
            aria-label={`${text.download} ${task.fileName || task.name}`}
          >
            {text.download}
          </Button>
        ) : null,
    },
  ];

  return (
    <Drawer
      title={text.title}
      open={open}
      onClose={onClose}
      size={640}
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            aria-label={text.refresh}
            onClick={() => void tasks.refetch()}
            disabled={!open}
          />
          <Dropdown
            trigger={['click']}
            menu={{
              items: EXPORT_KINDS.filter(({ permission }) => !permission || permissions[permission]).map(
                ({ kind, label }) => ({ key: kind, label }),
              ),
              onClick: ({ key }) => void create(key as ExportKind),
            }}
          >
            <Button type="primary" loading={creation.isLoading}>
              {text.create} <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{text.intro}</Typography.Paragraph>
      <Table<ExportTask>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={tasks.isLoading}
        locale={{ emptyText: text.empty }}
        pagination={{
          current: page + 1,
          pageSize: DEFAULT_PAGE_SIZE,
          total: tasks.data?.totalElements ?? 0,
          hideOnSinglePage: true,
          onChange: (next) => setPage(next - 1),
        }}
      />
    </Drawer>
  );
}
