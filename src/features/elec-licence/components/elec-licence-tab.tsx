import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import { useDispatch } from 'react-redux';
import { LicenceQrAuthPanel } from '@/components/qr-auth-panel/licence-qr-auth-panel';
import { elecLicenceMessages } from '@/locales/zh-CN/elec-licence';
import { formatDateTime } from '@/utils/date-time';
import { invalidateLicenceState, useLicenceStateQuery, type LicenceQrBody } from '../api/elec-licence-api';
import { useLicenceQr } from '../hooks/use-licence-qr';
import { BizAuthSection } from './biz-auth-section';

const text = elecLicenceMessages;

function LicenceQr({ input, onConfirmed }: { input: LicenceQrBody; onConfirmed: () => void }) {
  const qr = useLicenceQr(input, onConfirmed);
  return <LicenceQrAuthPanel status={qr.status} qrcode={qr.qrcode} msg={qr.msg} updateQrcode={qr.refresh} />;
}

/**
 * 企业认证与授权 (the company centre's authorization tab, `?type=authorize`): the organisation's state and,
 * until its licence is bound, the QR authentication panel; once bound, 变更授权 opens the panel for a new
 * operator, and 业务授权 lists the business types the holder authorises. A confirmation reloads the state (and
 * the company list, whose authorized flag changed).
 */
export function ElecLicenceTab() {
  const dispatch = useDispatch();
  const state = useLicenceStateQuery();
  const [changing, setChanging] = useState(false);
  const confirmed = () => {
    dispatch(invalidateLicenceState());
    setChanging(false);
  };
  const org = state.data;
  return (
    <Card loading={state.isLoading} title={text.tabTitle}>
      {org && (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={text.orgName}>{org.orgName}</Descriptions.Item>
            <Descriptions.Item label={text.creditCode}>{org.creditCode}</Descriptions.Item>
            <Descriptions.Item label={text.authStatus}>
              <Tag color={org.authorized ? 'success' : 'warning'}>
                {org.authorized ? text.authorized : text.unauthorized}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={text.licenceStatus}>
              <Tag color={org.bound ? 'success' : 'default'}>{org.bound ? text.bound : text.unbound}</Tag>
            </Descriptions.Item>
            {org.licenceAuthAt !== null && (
              <Descriptions.Item label={text.licenceAuthAt}>
                {formatDateTime(org.licenceAuthAt)}
              </Descriptions.Item>
            )}
          </Descriptions>
          {!org.bound && <LicenceQr input={{ kind: 'ORG_AUTH' }} onConfirmed={confirmed} />}
          {org.bound && !changing && <Button onClick={() => setChanging(true)}>{text.changeAuth}</Button>}
          {org.bound && changing && (
            <>
              <p>{text.changeAuthIntro}</p>
              <LicenceQr input={{ kind: 'CHANGE_AUTH' }} onConfirmed={confirmed} />
              <Button onClick={() => setChanging(false)}>{text.cancel}</Button>
            </>
          )}
          {org.bound && !changing && (
            <BizAuthSection
              authorised={org.bizTypes}
              onConfirmed={() => dispatch(invalidateLicenceState())}
            />
          )}
        </>
      )}
    </Card>
  );
}
