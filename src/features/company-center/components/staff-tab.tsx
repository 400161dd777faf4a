import { ExclamationCircleFilled } from '@ant-design/icons';
import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import type { Invitation } from '@contract/invitation-schemas';
import type { StaffRoleCode } from '@contract/organization';
import type { StaffMember } from '@contract/organization-schemas';
import { scrollToFirstError } from '@/lib/form';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { companyCenterMessages as text } from '@/locales/zh-CN/company-center';
import { formatDateTime } from '@/utils/date-time';
import { isMobile, normalizeMobile } from '@/utils/validators';
import {
  useRolesQuery,
  useStaffCommandMutation,
  useStaffQuery,
} from '@/features/company-center/api/company-center-api';
import { quietFailureMessage } from '@/features/company-center/model/quiet-failure';
import styles from './company-center.module.css';

interface MemberForm {
  mobile?: string;
  roles: StaffRoleCode[];
}

/** 成员管理: the members, paged and searchable, with 添加成员, 编辑角色 and 移除. */
export function StaffTab() {
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState('');
  const staff = useStaffQuery({ page, size: DEFAULT_PAGE_SIZE, ...(keyword ? { keyword } : {}) });
  const roles = useRolesQuery();
  const [command, running] = useStaffCommandMutation();
  // null: closed; 'add': adding; a member: editing that member's roles.
  const [dialog, setDialog] = useState<'add' | StaffMember | null>(null);
  // The invitation 添加成员 made: nobody joins until they accept it, so its link is shown to pass on.
  const [invited, setInvited] = useState<Invitation | null>(null);
  const [form] = Form.useForm<MemberForm>();
  const roleName = new Map((roles.data ?? []).map((role) => [role.code, role.name]));
  const roleOptions = (roles.data ?? []).map((role) => ({
    value: role.code,
    label: `${role.name}（${role.description}）`,
  }));

  const run = async (body: Parameters<typeof command>[0], done: string) => {
    try {
      const result = await command(body).unwrap();
      void message.success(done);
      if (result.invitation) setInvited(result.invitation);
      return true;
    } catch (error) {
      const quiet = quietFailureMessage(error);
      if (quiet) void message.error(quiet);
      return false;
    }
  };

  const submit = async (values: MemberForm) => {
    const ok =
      dialog === 'add'
        ? await run(
            { action: 'ADD', mobile: normalizeMobile(values.mobile ?? ''), roles: values.roles },
            text.inviteSent,
          )
        : dialog
          ? await run(
              { action: 'UPDATE_ROLES', membershipId: dialog.membershipId, roles: values.roles },
              text.rolesDone,
            )
          : false;
    if (ok) setDialog(null);
  };

  return (
    <>
      <div className={styles.toolbar}>
        <Input.Search
          allowClear
          placeholder={text.staffSearch}
          aria-label={text.staffSearch}
          style={{ maxWidth: 320 }}
          onSearch={(value) => {
            setPage(0);
            setKeyword(value.replace(/\s+/g, ''));
          }}
        />
        <Button
          type="primary"
          onClick={() => {
            form.resetFields();
            setDialog('add');
          }}
        >
          {text.addMember}
        </Button>
      </div>
      <Table<StaffMember>
        rowKey="membershipId"
        loading={staff.isFetching}
        dataSource={staff.data?.content ?? []}
        pagination={{
          current: page + 1,
          pageSize: DEFAULT_PAGE_SIZE,
          total: staff.data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (next) => setPage(next - 1),
        }}
        columns={[
          {
            title: text.memberName,
            dataIndex: 'name',
            render: (name: string, m) => (m.self ? `${name}${text.you}` : name),
          },
          { title: text.memberMobile, dataIndex: 'mobile' },
          {
            title: text.memberRoles,
            dataIndex: 'roles',
            render: (codes: StaffRoleCode[]) =>
              codes.length === 0 ? (
                <span className={styles.hint}>{text.noRoles}</span>
              ) : (
                codes.map((code) => (
                  <Tag key={code} color={code === 'ADMIN' ? 'gold' : 'blue'}>
                    {roleName.get(code) ?? code}
                  </Tag>
                ))
              ),
          },
          {
            title: text.memberIdentity,
            dataIndex: 'identityVerified',
            render: (verified: boolean) =>
              verified ? (
                <Tag color="success">{text.identityVerified}</Tag>
              ) : (
                <Tag>{text.identityNotVerified}</Tag>
              ),
          },
          { title: text.memberJoined, dataIndex: 'joinedAt', render: (at: string) => formatDateTime(at) },
          {
            title: text.actions,
            key: 'actions',
            render: (_, member) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  aria-label={`${text.editRoles}${member.name}`}
                  onClick={() => {
                    form.setFieldsValue({ roles: member.roles });
                    setDialog(member);
                  }}
                >
                  {text.editRoles}
                </Button>
                <Popconfirm
                  icon={<ExclamationCircleFilled aria-hidden />}
                  title={format(text.removeConfirm, { name: member.name })}
                  okText={text.remove}
                  cancelText={commonMessages.cancel}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    run({ action: 'REMOVE', membershipId: member.membershipId }, text.removeDone)
                  }
                >
                  <Button type="link" size="small" danger aria-label={`${text.remove}${member.name}`}>
                    {text.remove}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={
          dialog === 'add'
            ? text.inviteMember
            : dialog
              ? format(text.editRolesTitle, { name: dialog.name })
              : ''
        }
        open={dialog !== null}
        okText={dialog === 'add' ? text.inviteSave : text.save}
        cancelText={commonMessages.cancel}
        confirmLoading={running.isLoading}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        forceRender
      >
        {dialog === 'add' && <Typography.Paragraph type="secondary">{text.inviteIntro}</Typography.Paragraph>}
        <Form form={form} layout="vertical" onFinish={submit} scrollToFirstError={scrollToFirstError}>
          {dialog === 'add' && (
            <Form.Item
              name="mobile"
              label={text.memberMobile}
              rules={[
                { required: true, message: text.mobileRequired },
                {
                  validator: (_, v: string | undefined) =>
                    !v || isMobile(v) ? Promise.resolve() : Promise.reject(new Error(text.mobileInvalid)),
                },
              ]}
            >
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item
            name="roles"
            label={text.memberRoles}
            rules={[{ required: true, type: 'array', min: 1, message: text.rolesRequired }]}
          >
            <Checkbox.Group
              options={roleOptions}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={text.inviteLinkTitle}
        open={invited !== null}
        footer={null}
        onCancel={() => setInvited(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{text.inviteIntro}</Typography.Paragraph>
        {invited && (
          <Typography.Paragraph
            code
            copyable={{ text: linkOf(invited), tooltips: [text.inviteCopy, text.inviteCopied] }}
          >
            {linkOf(invited)}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}

/** The link a colleague receives: the server's `/#/user/login?...` on this site's origin. */
const linkOf = (invitation: Invitation): string =>
  invitation.link.startsWith('http') ? invitation.link : `${window.location.origin}${invitation.link}`;
