import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Space from 'antd/es/space';
import { CREDIT_CODE_LENGTH } from '@contract/apply-record';
import { applyRecordsMessages } from '@/locales/zh-CN/apply-records';
import { formatDateTime } from '@/utils/date-time';
import { useApplyToJoinMutation, useMyJoinApplicationsQuery } from '../api/apply-records-api';
import { statusTag } from './apply-records-tab';

const text = applyRecordsMessages;

/** 申请加入企业 by credit code, and the caller's own applications with their outcome. */
export function ApplyToJoin() {
  const { message } = App.useApp();
  const [creditCode, setCreditCode] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState('');
  const [apply, applying] = useApplyToJoinMutation();

  const submit = async () => {
    const code = creditCode.replace(/\s+/g, '').toUpperCase();
    if (code.length !== CREDIT_CODE_LENGTH) return setProblem(text.creditCodeInvalid);
    setProblem('');
    try {
      await apply({ creditCode: code, ...(remark.trim() ? { remark: remark.trim() } : {}) }).unwrap();
    } catch {
      return; // The request layer showed why (no such company, already a member).
    }
    void message.success(text.applied);
  };

  return (
    <Card title={text.applyTitle}>
      <Space direction="vertical" style={{ width: '100%', maxWidth: 480 }}>
        <Input
          aria-label={text.creditCode}
          placeholder={text.creditCodePlaceholder}
          value={creditCode}
          maxLength={CREDIT_CODE_LENGTH + 4}
          onChange={(event) => setCreditCode(event.target.value)}
        />
        <Input.TextArea
          aria-label={text.remark}
          placeholder={text.remark}
          maxLength={200}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
        {problem && (
          <p role="alert" style={{ color: '#cf1322', margin: 0 }}>
            {problem}
          </p>
        )}
        <Button type="primary" loading={applying.isLoading} onClick={() => void submit()}>
          {text.applySubmit}
        </Button>
      </Space>
      <MyApplications />
    </Card>
  );
}

/** 我的申请: the caller's own applications with their outcome. */
export function MyApplications() {
  const mine = useMyJoinApplicationsQuery();
  return (
    <List
      header={text.mine}
      dataSource={mine.data ?? []}
      locale={{ emptyText: text.empty }}
      renderItem={(record) => (
        <List.Item>
          <Space wrap>
            <span>{record.orgName}</span>
            {statusTag(record.status)}
            <span>{formatDateTime(record.createdAt)}</span>
            {record.refuseReason && <span>{`${text.refuseReason}：${record.refuseReason}`}</span>}
          </Space>
        </List.Item>
      )}
    />
  );
}
