import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal/Modal';
import { QR_SUCCESS_DELAY } from '@contract/constants';
import { REALTIME_EVENT, type QrCodeEventPayload } from '@contract/realtime';
import { QR_STATUS } from '@contract/verification';
import { QrAuthPanel } from '@/components/qr-auth-panel/qr-auth-panel';
import { subscribeRealtime } from '@/lib/realtime';
import type { VerificationOutcome } from '@/lib/verification-queue';
import { commonMessages } from '@/locales/zh-CN/common';
import { verificationMessages } from '@/locales/zh-CN/verification';
import { fetchQrStatus, fetchVerificationQr } from './verification-api';
import styles from './verify-dialogs.module.css';

const text = verificationMessages;

/** How often the QR status is asked for besides the socket's push (the server allows one per second). */
export const QR_POLL_INTERVAL = 3000;

export interface QrVerifyDialogProps {
  open: boolean;
  /** The pending QR challenge the code is fetched for. */
  challengeId: string | undefined;
  /** Replays the refused call with the confirmed QR; a refused proof shows the reason and a refresh. */
  onSubmit: (proof: { qrId: string; signature: string }) => Promise<VerificationOutcome>;
  onCancel: () => void;
}

/**
 * The QR dialog of spec section 4: status 0 while waiting; a failed fetch shows 二维码获取失败; a
 * confirmation (QRCODE_EVENT for this code, or the status poll) shows success and completes 1 s later;
 * a refusal or expiry shows the reason with a refresh, which fetches a new code.
 */
export function QrVerifyDialog({ open, challengeId, onSubmit, onCancel }: QrVerifyDialogProps) {
  const [challenge, setChallenge] = useState(challengeId);
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<number>(QR_STATUS.initial);
  const [qrcode, setQrcode] = useState('');
  const [qrId, setQrId] = useState<string | undefined>(undefined);
  const [msg, setMsg] = useState('');
  /** The challenge a refused proof named: the next refresh asks for its code. */
  const nextChallenge = useRef<string | undefined>(undefined);
  /** A confirmation is being completed: later events of the same code change nothing. */
  const completing = useRef(false);
  const submitRef = useRef(onSubmit);
  const successTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    submitRef.current = onSubmit;
  }, [onSubmit]);
  useEffect(() => () => clearTimeout(successTimer.current), []);

  const fail = (reason: string) => {
    setStatus(QR_STATUS.failure);
    setMsg(reason);
  };

  useEffect(() => {
    const controller = new AbortController();
    completing.current = false;
    setStatus(QR_STATUS.initial);
    setQrcode('');
    setQrId(undefined);
    setMsg('');
    if (!challenge) {
      fail(text.qrFetchFailed);
      return;
    }
    fetchVerificationQr(challenge, controller.signal).then(
      (image) => {
        setQrcode(`data:image/jpeg;base64,${image.qrImage}`);
        setQrId(image.qrId);
      },
      () => {
        if (!controller.signal.aborted) fail(text.qrFetchFailed);
      },
    );
    return () => controller.abort();
  }, [challenge, generation]);

  const complete = useCallback(async (id: string, signature: string) => {
    const outcome = await submitRef.current({ qrId: id, signature });
    if (outcome.done) return;
    nextChallenge.current = outcome.challengeId;
    fail(outcome.message || text.qrFetchFailed);
  }, []);

  const onEvent = useCallback(
    (event: QrCodeEventPayload) => {
      if (completing.current || event.__qrcodeId !== qrId) return;
      if (event.status === QR_STATUS.success && event.signature) {
        completing.current = true;
        setStatus(QR_STATUS.success);
        const { signature } = event;
        successTimer.current = setTimeout(() => void complete(event.__qrcodeId, signature), QR_SUCCESS_DELAY);
      } else if (event.status === QR_STATUS.failure) {
        fail(event.msg);
      }
    },
    [qrId, complete],
  );

  useEffect(() => subscribeRealtime<QrCodeEventPayload>(REALTIME_EVENT.qrcode, onEvent), [onEvent]);

  // The socket may be down (reconnecting, blocked by a proxy): the status call is its fallback, made at once
  // after a gap in the events (REALTIME_RESYNC) and every few seconds anyway.
  const waiting = qrId !== undefined && status === QR_STATUS.initial;
  useEffect(() => {
    if (!waiting || !qrId) return;
    const controller = new AbortController();
    const ask = () => void fetchQrStatus(qrId, controller.signal).then(onEvent, () => undefined);
    const timer = setInterval(ask, QR_POLL_INTERVAL);
    const unsubscribe = subscribeRealtime(REALTIME_EVENT.resync, ask);
    return () => {
      clearInterval(timer);
      unsubscribe();
      controller.abort();
    };
  }, [waiting, qrId, onEvent]);

  const refresh = () => {
    if (nextChallenge.current) {
      setChallenge(nextChallenge.current);
      nextChallenge.current = undefined;
    }
    setGeneration((value) => value + 1);
  };

  return (
    <Modal
      open={open}
      title={text.qrTitle}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onCancel}
      footer={<Button onClick={onCancel}>{commonMessages.cancel}</Button>}
    >
      <div className={styles.qrBody}>
        <p className={styles.intro}>{text.qrIntro}</p>
        <QrAuthPanel status={status} qrcode={qrcode} msg={msg} updateQrcode={refresh} alt={text.qrAlt} />
        {status === QR_STATUS.initial && qrcode && <p className={styles.qrHint}>{text.qrWaiting}</p>}
      </div>
    </Modal>
  );
}
