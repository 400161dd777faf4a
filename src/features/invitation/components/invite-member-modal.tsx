import { useState } from 'react';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { messages } from '@/locales/zh-CN';
import { appMessages } from '@/locales/zh-CN-app';
import { mobileRules, normalizeMobile } from '@/utils/validators';
import { createInvitation } from '@/features/invitation/api/invitation-api';
import { absoluteInvitationLink } from '@/features/invitation/model/invitation-link';

const text = appMessages.invitation;

interface FormValues {
  mobile?: string;
}

async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** 邀请成员 (owners): makes a one-time invitation link and copies it for sending. */
export function InviteMemberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async ({ mobile }: FormValues) => {
    setBusy(true);
    try {
      const invitation = await createInvitation(mobile ? normalizeMobile(mobile) || undefined : undefined);
      const full = absoluteInvitationLink(invitation.link);
      setLink(full);
      if (await copyText(full)) void message.success(text.copied);
      else void message.warning(text.copyFailed);
    } catch {
      void message.error(text.createFailed);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    form.resetFields();
    setLink(null);
    onClose();
  };

  return (
    <Modal
      title={text.inviteTitle}
      open={open}
      onCancel={close}
      okText={text.createLink}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{text.inviteIntro}</Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void create(values)}
      >
        <Form.Item
          name="mobile"
          label={text.inviteMobile}
          rules={mobileRules.filter((rule) => !('required' in rule && rule.required))}
          validateTrigger="onBlur"
        >
          <Input placeholder={text.inviteMobilePlaceholder} inputMode="tel" maxLength={20} allowClear />
        </Form.Item>
      </Form>
      {link && (
        <Typography.Paragraph copyable={{ text: link, tooltips: [text.copy, messages.common.ok] }} code>
          {link}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
