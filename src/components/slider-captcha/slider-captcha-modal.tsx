import { Modal } from 'antd';
import type { CaptchaScene } from '@contract/captcha';
import { SLIDER_IMAGE_WIDTH } from '@contract/constants';
import { sliderMessages } from '@/locales/zh-CN/slider';
import { SliderCaptcha } from './slider-captcha';

/** antd Modal's horizontal content padding (24 px each side). */
const MODAL_HORIZONTAL_PADDING = 48;

export interface SliderCaptchaModalProps {
  open: boolean;
  scene?: CaptchaScene;
  onSuccess: (captchaVerification: string) => void;
  /** Close button or Esc; the mask does not close the dialog. */
  onCancel: () => void;
}

/** The slider puzzle in a dialog; closing destroys it, so every opening starts with a fresh puzzle. */
export function SliderCaptchaModal({ open, scene, onSuccess, onCancel }: SliderCaptchaModalProps) {
  return (
    <Modal
      open={open}
      title={sliderMessages.title}
      width={SLIDER_IMAGE_WIDTH + MODAL_HORIZONTAL_PADDING}
      footer={null}
      mask={{ closable: false }}
      keyboard
      centered
      destroyOnHidden
      onCancel={onCancel}
    >
      <SliderCaptcha scene={scene} onSuccess={onSuccess} />
    </Modal>
  );
}
