import { useEffect, useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import TextArea from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import type { CompanyItem } from '@contract/auth';
import type { InvitationDetail } from '@contract/invitation';
import { format } from '@/locales/zh-CN';
import { appMessages } from '@/locales/zh-CN-app';
import { formatDateTime } from '@/utils/date-time';
import { fetchInvitationDetail, joinByInvitation } from '@/features/invitation/api/invitation-api';
import {
  invitationFailureMessage,
  invitationLinkOf,
  parseInvitationLink,
  type InvitationRef,
} from '@/features/invitation/model/invitation-link';

const text = appMessages.invitation;

const statusTag: Record<InvitationDetail['status'], { label: string; color: string }> = {
  valid: { label: text.statusValid, color: 'success' },
  used: { label: text.statusUsed, color: 'default' },
  expired: { label: text.statusExpired, color: 'warning' },
};

export interface InvitationLinkModalProps {
  open: boolean;
  onClose: () => void;
  /** Joined: refresh the company list (the server's answer is the new list). */
  onJoined: (companies: CompanyItem[] | null) => void | Promise<void>;
  /** An invitation link the user followed: shown filled in and looked up as the modal opens. */
  initialRef?: InvitationRef | null;
}

interface FormValues {
  link: string;
}

/**
 * The invitation-link modal (spec section 2): the pasted text must contain `/#/user/login?code=`, else
 * 请输入正确的URL; a valid link shows the invitation, and 加入企业 joins the organisation.
 */
export function InvitationLinkModal({ open, onClose, onJoined, initialRef }: InvitationLinkModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [invitation, setInvitation] = useState<{ ref: InvitationRef; detail: InvitationDetail } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    form.resetFields();
    setInvitation(null);
    setFailure(null);
  };

  const check = async ({ link }: FormValues) => {
    const ref = parseInvitationLink(link.trim());
    if (!ref) {
      form.setFields([{ name: 'link', errors: [text.linkInvalid] }]);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setInvitation({ ref, detail: await fetchInvitationDetail(ref.orgId, ref.code) });
    } catch (error) {
      setFailure(invitationFailureMessage(error, text.detailFailed));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (open && initialRef) void check({ link: invitationLinkOf(initialRef) });
    // Looked up once per opening with a followed link; `check` itself changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initialRef]);

  const join = async () => {
    if (!invitation) return;
    setBusy(true);
    setFailure(null);
    try {
      const companies = await joinByInvitation(invitation.ref.orgId, invitation.ref.code);
      void message.success(format(text.joined, { orgName: invitation.detail.orgName }));
      await onJoined(companies);
      reset();
      onClose();
    } catch (error) {
      setFailure(invitationFailureMessage(error, text.joinFailed));
    } finally {
      setBusy(false);
    }
  };

  const joinable = invitation?.detail.status === 'valid';
  return (
    <Modal
      title={text.joinTitle}
      open={open}
      onCancel={() => {
        reset();
        onClose();
      }}
      okText={invitation ? text.join : text.check}
      okButtonProps={{ disabled: invitation ? !joinable : false }}
      confirmLoading={busy}
      onOk={() => (invitation ? void join() : form.submit())}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialRef ? { link: invitationLinkOf(initialRef) } : undefined}
        onFinish={(values) => void check(values)}
        onValuesChange={() => {
          setInvitation(null);
          setFailure(null);
        }}
      >
        <Form.Item
          name="link"
          label={text.linkLabel}
          rules={[
            { required: true, whitespace: true, message: text.linkInvalid },
            {
              validator: (_, value: string | undefined) =>
                !value || parseInvitationLink(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(text.linkInvalid)),
            },
          ]}
          validateTrigger="onSubmit"
        >
          <TextArea rows={3} placeholder={text.linkPlaceholder} autoFocus />
        </Form.Item>
      </Form>
      {invitation && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={text.orgName}>{invitation.detail.orgName}</Descriptions.Item>
          <Descriptions.Item label={text.inviter}>{invitation.detail.inviterName}</Descriptions.Item>
          <Descriptions.Item label={text.expiresAt}>
            {formatDateTime(invitation.detail.expiresAt)}
          </Descriptions.Item>
          <Descriptions.Item label={text.status}>
            <Tag color={statusTag[invitation.detail.status].color}>
              {statusTag[invitation.detail.status].label}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
