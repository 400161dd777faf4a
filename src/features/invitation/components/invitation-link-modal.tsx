import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import TextArea from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import type { CompanyItem } from '@contract/auth-schemas';
import type { InvitationDetail } from '@contract/invitation-schemas';
import { format } from '@/locales/format';
import { invitationMessages } from '@/locales/zh-CN/invitation';
import { formatDateTime } from '@/utils/date-time';
import {
  useInvitationDetailQuery,
  useJoinByInvitationMutation,
} from '@/features/invitation/api/invitation-api';
import {
  invitationFailureMessage,
  invitationLinkOf,
  parseInvitationLink,
  type InvitationRef,
} from '@/features/invitation/model/invitation-link';

const text = invitationMessages;

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
  // The link looked up; each lookup asks the server again, as an invitation's status changes.
  const [ref, setRef] = useState<InvitationRef | null>(null);
  const detail = useInvitationDetailQuery(ref ?? skipToken, { refetchOnMountOrArgChange: true });
  const [joinInvitation, joining] = useJoinByInvitationMutation();
  const invitation = ref && detail.currentData ? { ref, detail: detail.currentData } : null;
  const failure =
    detail.error && !detail.isFetching
      ? invitationFailureMessage(detail.error, text.detailFailed)
      : joining.error
        ? invitationFailureMessage(joining.error, text.joinFailed)
        : null;

  const forget = () => {
    setRef(null);
    joining.reset();
  };

  const reset = () => {
    form.resetFields();
    forget();
  };

  const check = ({ link }: FormValues) => {
    const found = parseInvitationLink(link.trim());
    if (!found) {
      form.setFields([{ name: 'link', errors: [text.linkInvalid] }]);
      return;
    }
    joining.reset();
    // The same link again (after a failure, say) is asked again too.
    if (ref?.orgId === found.orgId && ref.code === found.code) void detail.refetch();
    else setRef(found);
  };

  useEffect(() => {
    if (open && initialRef) check({ link: invitationLinkOf(initialRef) });
    // Looked up once per opening with a followed link; `check` itself changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initialRef]);

  const join = async () => {
    if (!invitation) return;
    let companies: CompanyItem[] | null;
    try {
      companies = await joinInvitation(invitation.ref).unwrap();
    } catch {
      return; // the mutation's error is shown
    }
    void message.success(format(text.joined, { orgName: invitation.detail.orgName }));
    await onJoined(companies);
    reset();
    onClose();
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
      confirmLoading={detail.isFetching || joining.isLoading}
      onOk={() => (invitation ? void join() : form.submit())}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialRef ? { link: invitationLinkOf(initialRef) } : undefined}
        onFinish={check}
        onValuesChange={forget}
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
