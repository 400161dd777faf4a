import Button from 'antd/es/button';
import Modal from 'antd/es/modal/Modal';
import { companyCenterAuthorizePath } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { commonMessages } from '@/locales/zh-CN/common';
import { verificationMessages } from '@/locales/zh-CN/verification';

const text = verificationMessages;

export interface LicenceUnboundDialogProps {
  open: boolean;
  /** Either button: the refused operation ends. */
  onClose: () => void;
}

/**
 * Spec section 6: the electronic business licence is not bound, so security verification cannot be
 * completed; 去绑定 opens 企业中心's authorisation page, 取消 stays.
 */
export function LicenceUnboundDialog({ open, onClose }: LicenceUnboundDialogProps) {
  const goBind = () => {
    onClose();
    navigateTo(companyCenterAuthorizePath());
  };
  return (
    <Modal
      open={open}
      title={text.licenceUnboundTitle}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {commonMessages.cancel}
        </Button>,
        <Button key="bind" type="primary" onClick={goBind}>
          {text.goBind}
        </Button>,
      ]}
    >
      <p>{text.licenceUnboundBody}</p>
    </Modal>
  );
}
