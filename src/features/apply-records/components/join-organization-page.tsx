import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { APPLY_REMARK_MAX_LENGTH } from '@contract/apply-record';
import { ORG_QUERY_MAX_LENGTH, ORG_QUERY_MIN_LENGTH } from '@contract/organization';
import type { OrganizationQueryItem, OrganizationQueryResult } from '@contract/organization-schemas';
import { format } from '@/locales/format';
import { applyRecordsMessages } from '@/locales/zh-CN/apply-records';
import { useApplyToJoinMutation, useSearchOrganizationsMutation } from '../api/apply-records-api';
import { MyApplications } from './apply-to-join';

const text = applyRecordsMessages;

/**
 * 加入企业: for any signed-in user, with or without an organisation (the company centre itself needs a
 * permission, which someone who belongs to no organisation has none of). Search by name or credit code, apply
 * to one of the results with an optional remark, and follow one's own applications below.
 */
export function JoinOrganizationPage() {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [problem, setProblem] = useState('');
  const [result, setResult] = useState<OrganizationQueryResult | null>(null);
  const [target, setTarget] = useState<OrganizationQueryItem | null>(null);
  const [remark, setRemark] = useState('');
  const [search, searching] = useSearchOrganizationsMutation();
  const [apply, applying] = useApplyToJoinMutation();

  const runSearch = async () => {
    const wanted = keyword.replace(/\s+/g, '');
    if ([...wanted].length < ORG_QUERY_MIN_LENGTH) return setProblem(text.joinKeywordTooShort);
    setProblem('');
    try {
      setResult(await search(wanted).unwrap());
    } catch {
      // The request layer showed why (too many searches in a minute).
    }
  };

  const submit = async () => {
    if (!target) return;
    try {
      await apply({
        creditCode: target.creditCode,
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      }).unwrap();
    } catch {
      return; // The request layer showed why (already a member, already waiting).
    }
    setTarget(null);
    setRemark('');
    void message.success(text.applied);
  };

  return (
    <Card title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{text.joinTitle}</h1>}>
      <p>{text.joinIntro}</p>
      <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
        <Input
          aria-label={text.joinKeyword}
          placeholder={text.joinKeywordPlaceholder}
          value={keyword}
          maxLength={ORG_QUERY_MAX_LENGTH}
          onChange={(event) => setKeyword(event.target.value)}
          onPressEnter={() => void runSearch()}
        />
        <Button type="primary" loading={searching.isLoading} onClick={() => void runSearch()}>
          {text.search}
        </Button>
      </Space.Compact>
      {problem && (
        <p role="alert" style={{ color: '#cf1322', margin: '8px 0 0' }}>
          {problem}
        </p>
      )}
      {result?.warning && <Alert type="warning" showIcon title={result.warning} style={{ marginTop: 12 }} />}
      {result && (
        <List
          header={text.joinResults}
          dataSource={result.items}
          locale={{ emptyText: text.joinNoResult }}
          renderItem={(org) => (
            <List.Item
              actions={[
                <Button
                  key="apply"
                  aria-label={`${text.joinApply}：${org.name}`}
                  onClick={() => setTarget(org)}
                >
                  {text.joinApply}
                </Button>,
              ]}
            >
              <Space wrap>
                <span>{org.name}</span>
                <span>{org.creditCode}</span>
                <Tag color={org.authorized ? 'green' : 'default'}>
                  {org.authorized ? text.joinAuthorized : text.joinUnauthorized}
                </Tag>
              </Space>
            </List.Item>
          )}
        />
      )}
      <MyApplications />
      <Modal
        open={target !== null}
        title={target ? format(text.joinApplyTitle, { orgName: target.name }) : ''}
        okText={text.applySubmit}
        cancelText={text.cancel}
        confirmLoading={applying.isLoading}
        onOk={() => void submit()}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={text.remark}
          placeholder={text.remark}
          maxLength={APPLY_REMARK_MAX_LENGTH}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </Modal>
    </Card>
  );
}
