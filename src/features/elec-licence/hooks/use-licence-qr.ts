import { useCallback, useEffect, useRef, useState } from 'react';
import type { LicenceQrEvent } from '@contract/elec-licence-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import { QR_STATUS } from '@contract/verification';
import { subscribeRealtime } from '@/lib/realtime';
import { elecLicenceMessages } from '@/locales/zh-CN/elec-licence';
import { fetchLicenceQr, fetchLicenceQrStatus, type LicenceQrBody } from '../api/elec-licence-api';

/** How often the status is asked for besides the socket's push (the server allows one a second). */
export const LICENCE_POLL_INTERVAL = 3000;

export interface LicenceQrState {
  status: number;
  qrcode: string;
  msg: string;
  refresh: () => void;
}

/**
 * One e-licence QR code of `input`, kept current: fetched on mount and on refresh, its result heard on the
 * socket (EVENT_ORG_SIGN_THIRD_AUTH_RESULT or EVENT_WYR_LEGAL_PERSON_AUTH_RESULT for this code) and polled
 * while waiting, in case the socket is down. `onResult` runs once when the holder confirms.
 */
export function useLicenceQr(input: LicenceQrBody, onConfirmed?: () => void): LicenceQrState {
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<number>(QR_STATUS.initial);
  const [qrcode, setQrcode] = useState('');
  const [qrId, setQrId] = useState<string | undefined>(undefined);
  const [msg, setMsg] = useState('');
  const confirmedRef = useRef(onConfirmed);
  const inputKey = JSON.stringify(input);

  useEffect(() => {
    confirmedRef.current = onConfirmed;
  }, [onConfirmed]);

  useEffect(() => {
    const controller = new AbortController();
    setStatus(QR_STATUS.initial);
    setQrcode('');
    setQrId(undefined);
    setMsg('');
    fetchLicenceQr(JSON.parse(inputKey) as LicenceQrBody, controller.signal).then(
      (image) => {
        setQrcode(`data:image/jpeg;base64,${image.qrImage}`);
        setQrId(image.qrId);
      },
      () => {
        if (controller.signal.aborted) return;
        setStatus(QR_STATUS.failure);
        setMsg(elecLicenceMessages.fetchFailed);
      },
    );
    return () => controller.abort();
  }, [inputKey, generation]);

  const apply = useCallback((event: LicenceQrEvent) => {
    setStatus(event.status);
    setMsg(event.status === QR_STATUS.failure ? event.msg : '');
    if (event.status === QR_STATUS.success) confirmedRef.current?.();
  }, []);

  useEffect(() => {
    if (!qrId || status !== QR_STATUS.initial) return;
    const own = (event: LicenceQrEvent) => {
      if (event.__qrcodeId === qrId) apply(event);
    };
    const offOrg = subscribeRealtime<LicenceQrEvent>(REALTIME_EVENT.orgSignThirdAuthResult, own);
    const offPerson = subscribeRealtime<LicenceQrEvent>(REALTIME_EVENT.legalPersonAuthResult, own);
    const controller = new AbortController();
    const timer = setInterval(() => {
      fetchLicenceQrStatus(qrId, controller.signal).then(
        (event) => {
          if (event.status !== QR_STATUS.initial) apply(event);
        },
        () => undefined,
      );
    }, LICENCE_POLL_INTERVAL);
    return () => {
      offOrg();
      offPerson();
      clearInterval(timer);
      controller.abort();
    };
  }, [qrId, status, apply]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  return { status, qrcode, msg, refresh };
}
