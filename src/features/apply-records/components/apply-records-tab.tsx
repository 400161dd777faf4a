import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal/Modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import {
  APPLY_RECORD_STATUSES,
  APPLY_ROLES,
  AUTH_LETTER_MAX_BYTES,
  type ApplyRecordStatus,
  type ApplyRole,
} from '@contract/apply-record';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import { format } from '@/locales/format';
import { applyRecordsMessages } from '@/locales/zh-CN/apply-records';
import { formatDateTime } from '@/utils/date-time';
import {
  downloadAuthLetter,
  invalidateApplyRecords,
  uploadAuthLetter,
  useApplyRecordsQuery,
  useAuthoriseApplyRecordMutation,
  useCloseApplyRecordMutation,
  useRefuseApplyRecordMutation,
} from '../api/apply-records-api';
import { useDispatch } from 'react-redux';

const text = applyRecordsMessages;
const STATUS_COLOR: Record<ApplyRecordStatus, string> = {
  PENDING: 'processing',
  AUTHORISED: 'success',
  REFUSED: 'error',
  CLOSED: 'default',
};
const ACCEPTED = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

type Action = { kind: 'authorise' | 'refuse' | 'close' | 'detail'; record: ApplyRecord };

export const statusTag = (status: ApplyRecordStatus) => (
  <Tag color={STATUS_COLOR[status]}>{text.status[status]}</Tag>
);

function RecordDetail({ record }: { record: ApplyRecord }) {
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label={text.applicant}>{record.applicantName}</Descriptions.Item>
      <Descriptions.Item label={text.mobile}>{record.applicantMobile}</Descriptions.Item>
      <Descriptions.Item label={text.remark}>{record.remark || '-'}</Descriptions.Item>
      <Descriptions.Item label={text.statusLabel}>{statusTag(record.status)}</Descriptions.Item>
      <Descriptions.Item label={text.createdAt}>{formatDateTime(record.createdAt)}</Descriptions.Item>
      {record.decidedAt !== null && (
        <Descriptions.Item label={text.decidedAt}>{formatDateTime(record.decidedAt)}</Descriptions.Item>
      )}
      {record.refuseReason && (
        <Descriptions.Item label={text.refuseReason}>{record.refuseReason}</Descriptions.Item>
      )}
      {record.roles.length > 0 && (
        <Descriptions.Item label={text.rolesLabel}>
          {record.roles.map((role) => text.roles[role]).join('、')}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={text.letter}>
        {record.authLetterType ? (
          <Button type="link" size="small" onClick={() => void downloadAuthLetter(record.id)}>
            {text.download}
          </Button>
        ) : (
          text.letterNone
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 申请记录: the organisation's applications to join, for its administrators. 授权, 拒绝 and 关闭 each open a
 * dialog to confirm (and choose the roles, or give the reason) before the call, whose dialog then shows the
 * loading state; 上传授权书 takes a PDF, JPG or PNG of at most 5 MB.
 */
export function ApplyRecordsTab() {
  const { message } = App.useApp();
  const dispatch = useDispatch();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ApplyRecordStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const list = useApplyRecordsQuery({
    page,
    size: DEFAULT_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(query ? { keyword: query } : {}),
  });
  const [action, setAction] = useState<Action | undefined>(undefined);
  const [roles, setRoles] = useState<ApplyRole[]>(['STAFF']);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [authorise, authorising] = useAuthoriseApplyRecordMutation();
  const [refuse, refusing] = useRefuseApplyRecordMutation();
  const [close, closing] = useCloseApplyRecordMutation();

  const open = (kind: Action['kind'], record: ApplyRecord) => {
    setRoles(['STAFF']);
    setReason('');
    setProblem('');
    setAction({ kind, record });
  };

  const confirm = async () => {
    if (!action) return;
    const { kind, record } = action;
    if (kind === 'authorise' && roles.length === 0) return setProblem(text.rolesRequired);
    if (kind === 'refuse' && !reason.trim()) return setProblem(text.reasonRequired);
    try {
      if (kind === 'authorise') await authorise({ id: record.id, roles }).unwrap();
      if (kind === 'refuse') await refuse({ id: record.id, reason: reason.trim() }).unwrap();
      if (kind === 'close') await close(record.id).unwrap();
    } catch {
      // The request layer showed why (decided meanwhile, no permission); the list shows the record as it is.
      setAction(undefined);
      return;
    }
    void message.success(text.done);
    setAction(undefined);
  };

  const upload = async (record: ApplyRecord, file: File) => {
    if (file.size > AUTH_LETTER_MAX_BYTES) return void message.error(text.letterTooLarge);
    try {
      await uploadAuthLetter(record.id, file);
      void message.success(text.uploaded);
      dispatch(invalidateApplyRecords());
    } catch {
      // Shown by the request layer (415: 授权书仅支持PDF、JPG、PNG格式的文件).
    }
  };

  const loading = authorising.isLoading || refusing.isLoading || closing.isLoading;
  const name = action?.record.applicantName ?? '';
  const title = action?.kind === 'detail' ? text.detail : text.confirmTitle;

  return (
    <Card title={text.tabTitle}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={text.statusLabel}
          style={{ width: 140 }}
          value={status ?? ''}
          onChange={(value: string) => {
            setStatus(value ? (value as ApplyRecordStatus) : undefined);
            setPage(0);
          }}
          options={[
            { value: '', label: text.allStatuses },
            ...APPLY_RECORD_STATUSES.map((value) => ({ value, label: text.status[value] })),
          ]}
        />
        <Input
          aria-label={text.keyword}
          placeholder={text.keyword}
          value={keyword}
          allowClear
          onChange={(event) => setKeyword(event.target.value)}
          onPressEnter={() => {
            setQuery(keyword.replace(/\s+/g, ''));
            setPage(0);
          }}
        />
        <Button
          onClick={() => {
            setQuery(keyword.replace(/\s+/g, ''));
            setPage(0);
          }}
        >
          {text.search}
        </Button>
      </Space>
      <Table<ApplyRecord>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        locale={{ emptyText: text.empty }}
        pagination={{
          current: page + 1,
          pageSize: DEFAULT_PAGE_SIZE,
          total: list.data?.totalElements ?? 0,
          onChange: (next) => setPage(next - 1),
        }}
        columns={[
          { title: text.applicant, dataIndex: 'applicantName' },
          { title: text.mobile, dataIndex: 'applicantMobile' },
          { title: text.createdAt, dataIndex: 'createdAt', render: (value: number) => formatDateTime(value) },
          {
            title: text.statusLabel,
            dataIndex: 'status',
            render: (value: ApplyRecordStatus) => statusTag(value),
          },
          {
            title: text.letter,
            dataIndex: 'authLetterType',
            render: (value: string | null) => (value ? text.letterUploaded : text.letterNone),
          },
          {
            title: text.actions,
            key: 'actions',
            render: (_: unknown, record) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => open('detail', record)}>
                  {text.detail}
                </Button>
                {record.status === 'PENDING' && (
                  <>
                    <Button size="small" type="primary" onClick={() => open('authorise', record)}>
                      {text.authorise}
                    </Button>
                    <Button size="small" danger onClick={() => open('refuse', record)}>
                      {text.refuse}
                    </Button>
                    <Button size="small" onClick={() => open('close', record)}>
                      {text.close}
                    </Button>
                    <Upload
                      accept={ACCEPTED}
                      showUploadList={false}
                      beforeUpload={(file) => {
                        void upload(record, file);
                        return false;
                      }}
                    >
                      <Button size="small">{text.upload}</Button>
                    </Upload>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={action !== undefined}
        title={title}
        okText={text.ok}
        cancelText={text.cancel}
        confirmLoading={loading}
        onOk={() => (action?.kind === 'detail' ? setAction(undefined) : void confirm())}
        onCancel={() => setAction(undefined)}
        destroyOnHidden
      >
        {action?.kind === 'detail' && <RecordDetail record={action.record} />}
        {action?.kind === 'authorise' && (
          <>
            <p>{format(text.confirmAuthorise, { name })}</p>
            <Checkbox.Group
              aria-label={text.rolesLabel}
              value={roles}
              onChange={(value) => setRoles(value as ApplyRole[])}
              options={APPLY_ROLES.map((role) => ({ value: role, label: text.roles[role] }))}
            />
          </>
        )}
        {action?.kind === 'refuse' && (
          <>
            <p>{format(text.confirmRefuse, { name })}</p>
            <Input.TextArea
              aria-label={text.refuseReason}
              placeholder={text.reasonPlaceholder}
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </>
        )}
        {action?.kind === 'close' && <p>{format(text.confirmClose, { name })}</p>}
        {problem && (
          <p role="alert" style={{ color: '#cf1322' }}>
            {problem}
          </p>
        )}
      </Modal>
    </Card>
  );
}
