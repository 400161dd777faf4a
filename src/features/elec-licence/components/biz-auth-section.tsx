import { useState } from 'react';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { LICENCE_BIZ_TYPES, type LicenceBizType } from '@contract/elec-licence';
import { LicenceQrAuthPanel } from '@/components/qr-auth-panel/licence-qr-auth-panel';
import { format } from '@/locales/format';
import { elecLicenceMessages } from '@/locales/zh-CN/elec-licence';
import { orgFunctionsMessages } from '@/locales/zh-CN/org-functions';
import { useOrgFunctionsQuery } from '@/components/org-functions/org-functions-api';
import { useLicenceQr } from '../hooks/use-licence-qr';

const text = elecLicenceMessages;

function BizAuthQr({ bizType, onConfirmed }: { bizType: LicenceBizType; onConfirmed: () => void }) {
  const qr = useLicenceQr({ kind: 'BIZ_AUTH', body: { bizType } }, onConfirmed);
  return <LicenceQrAuthPanel status={qr.status} qrcode={qr.qrcode} msg={qr.msg} updateQrcode={qr.refresh} />;
}

/**
 * 业务授权 (`POST .../biz-auth/qr-image/apply`), once the licence is bound: each business type the holder can
 * authorise, whether it is (opening the business's functions needs it), 即将上线 for a business none of whose
 * functions is built, and the QR panel for the one chosen. A confirmation reloads the state.
 */
export function BizAuthSection({
  authorised,
  onConfirmed,
}: {
  authorised: readonly LicenceBizType[];
  onConfirmed: () => void;
}) {
  const [chosen, setChosen] = useState<LicenceBizType | null>(null);
  const functions = useOrgFunctionsQuery();
  const confirmed = () => {
    setChosen(null);
    onConfirmed();
  };
  return (
    <section aria-labelledby="biz-auth-title">
      <h3 id="biz-auth-title">{text.bizAuthTitle}</h3>
      <p>{text.bizAuthIntro}</p>
      <List
        dataSource={LICENCE_BIZ_TYPES}
        renderItem={(bizType) => {
          const done = authorised.includes(bizType);
          // A business none of whose functions is built yet has nothing to authorise.
          const comingSoon =
            !done &&
            functions.data !== undefined &&
            !functions.data.some((f) => f.licenceBusiness === bizType && f.available);
          return (
            <List.Item
              actions={
                comingSoon
                  ? []
                  : [
                      <Button
                        key="authorise"
                        disabled={chosen !== null}
                        aria-label={`${done ? text.bizReauthorize : text.bizAuthorize}：${text.bizTypes[bizType]}`}
                        onClick={() => setChosen(bizType)}
                      >
                        {done ? text.bizReauthorize : text.bizAuthorize}
                      </Button>,
                    ]
              }
            >
              <Space>
                <span>{text.bizTypes[bizType]}</span>
                {comingSoon ? (
                  <Tag>{orgFunctionsMessages.comingSoon}</Tag>
                ) : (
                  <Tag color={done ? 'success' : 'default'}>
                    {done ? text.bizAuthorized : text.bizUnauthorized}
                  </Tag>
                )}
              </Space>
            </List.Item>
          );
        }}
      />
      {chosen && (
        <>
          <h4>{format(text.bizAuthPanelTitle, { bizType: text.bizTypes[chosen] })}</h4>
          <BizAuthQr bizType={chosen} onConfirmed={confirmed} />
          <Button onClick={() => setChosen(null)}>{text.cancel}</Button>
        </>
      )}
    </section>
  );
}
