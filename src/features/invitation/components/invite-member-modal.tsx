import App from 'antd/es/app';
import Form from 'antd/es/form';
import { ClearableInput } from '@/components/clearable-input/clearable-input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { commonMessages } from '@/locales/zh-CN/common';
import { invitationMessages } from '@/locales/zh-CN/invitation';
import { mobileRules, normalizeMobile } from '@/utils/validators';
import { useCreateInvitationMutation } from '@/features/invitation/api/invitation-api';
import { absoluteInvitationLink } from '@/features/invitation/model/invitation-link';

const text = invitationMessages;

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
  const [createInvitation, created] = useCreateInvitationMutation();
  const link = created.data ? absoluteInvitationLink(created.data.link) : null;

  const create = async ({ mobile }: FormValues) => {
    let full: string;
    try {
      const invitation = await createInvitation({
        mobile: mobile ? normalizeMobile(mobile) || undefined : undefined,
      }).unwrap();
      full = absoluteInvitationLink(invitation.link);
    } catch {
      void message.error(text.createFailed);
      return;
    }
    if (await copyText(full)) void message.success(text.copied);
    else void message.warning(text.copyFailed);
  };

  const close = () => {
    form.resetFields();
    created.reset();
    onClose();
  };

  return (
    <Modal
      title={text.inviteTitle}
      open={open}
      onCancel={close}
      okText={text.createLink}
      confirmLoading={created.isLoading}
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
          <ClearableInput placeholder={text.inviteMobilePlaceholder} inputMode="tel" maxLength={20} />
        </Form.Item>
      </Form>
      {link && (
        <Typography.Paragraph copyable={{ text: link, tooltips: [text.copy, commonMessages.ok] }} code>
          {link}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
