import { useEffect, useRef, useState } from 'react';
import { CheckCircleFilled, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { QR_VALIDITY } from '@contract/constants';
import { QR_STATUS } from '@contract/verification';
import { verificationMessages } from '@/locales/zh-CN/verification';
import styles from './qr-auth-panel.module.css';

const text = verificationMessages.qrPanel;

export interface QrAuthPanelProps {
  /** QR_STATUS: 0 waiting, 1 succeeded, -1 failed. */
  status?: number;
  /** The QR image's source; a placeholder shows while empty. */
  qrcode?: string;
  /** Why it failed, shown in the error alert. */
  msg?: string;
  /** Asks for a new code; the 9-minute validity restarts. */
  updateQrcode?: () => void;
  /** The image's accessible name. */
  alt?: string;
}

/**
 * The QR image area of spec sections 2 and 4: waiting shows the code; success an overlay 认证成功;
 * failure a mask with a refresh button and an error alert; 9 minutes after mount or refresh (unless it
 * succeeded or failed) the code counts as expired and asks to be refreshed.
 */
export function QrAuthPanel({
  status = QR_STATUS.initial,
  qrcode = '',
  msg = '',
  updateQrcode,
  alt,
}: QrAuthPanelProps) {
  const [expired, setExpired] = useState(status === QR_STATUS.failure);
  const [generation, setGeneration] = useState(0);
  const statusRef = useRef(status);

  // A status change to failure expires the code; any other status clears the flag.
  useEffect(() => {
    statusRef.current = status;
    setExpired(status === QR_STATUS.failure);
  }, [status]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const current = statusRef.current;
      if (current !== QR_STATUS.success && current !== QR_STATUS.failure) setExpired(true);
    }, QR_VALIDITY);
    return () => clearTimeout(timer);
  }, [generation, qrcode]);

  const refresh = () => {
    setExpired(false);
    setGeneration((value) => value + 1);
    updateQrcode?.();
  };

  const failed = status === QR_STATUS.failure;
  const succeeded = status === QR_STATUS.success;
  const refreshButton = (
    <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
      {text.refresh}
    </Button>
  );

  return (
    <div className={styles.panel}>
      <div className={styles.frame}>
        {qrcode ? (
          <img className={styles.image} src={qrcode} alt={alt ?? ''} />
        ) : (
          <div className={styles.placeholder} aria-hidden="true">
            <QrcodeOutlined aria-hidden />
          </div>
        )}
        {succeeded && (
          <div className={`${styles.overlay} ${styles.success}`} role="status">
            <CheckCircleFilled className={styles.successIcon} aria-hidden />
            <span>{text.success}</span>
          </div>
        )}
        {failed && <div className={styles.overlay}>{refreshButton}</div>}
        {!failed && !succeeded && expired && (
          <div className={styles.overlay} role="status">
            <span>{text.expired}</span>
            {refreshButton}
          </div>
        )}
      </div>
      {failed && (
        <Alert className={styles.alert} type="error" showIcon title={text.errorTitle} description={msg} />
      )}
    </div>
  );
}
