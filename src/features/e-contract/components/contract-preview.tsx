import { pathOf } from '@contract/paths';
import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { ECONTRACT_URL } from '@contract/e-contract';
import type { Contract } from '@contract/e-contract-schemas';
import { downloadFile } from '@/lib/download';
import { format } from '@/locales/format';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { fetchContractPdf, useSignStatusQuery } from '@/features/e-contract/api/e-contract-api';
import { STATUS_COLOR } from './contract-status';
import styles from './e-contract.module.css';

const text = eContractMessages.preview;

type Pdf = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; url: string };

/** The contract's PDF as an object URL, fetched with the sign-in and released when the preview closes. */
function useContractPdf(contractId: string): Pdf {
  const [pdf, setPdf] = useState<Pdf>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    let url: string | undefined;
    setPdf({ state: 'loading' });
    fetchContractPdf(contractId, abort.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setPdf({ state: 'ready', url });
      },
      () => {
        if (!abort.signal.aborted) setPdf({ state: 'failed' });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [contractId]);
  return pdf;
}

/** 合同预览: the PDF inline (the signed file once signed), its current sign status and a download. */
export function ContractPreview({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { message } = App.useApp();
  const pdf = useContractPdf(contract.id);
  const status = useSignStatusQuery(contract.id);
  const current = status.data?.status ?? contract.status;
  const name = format(text.frameTitle, { title: contract.title, no: contract.contractNo });

  const download = async () => {
    try {
      await downloadFile(
        { url: pathOf(ECONTRACT_URL.preview, { id: contract.id }), method: 'GET' },
        `${contract.contractNo}.pdf`,
      );
    } catch {
      void message.error(text.loadFailed);
    }
  };

  return (
    <Modal
      open
      title={`${text.title}：${contract.title}`}
      width={900}
      onCancel={onClose}
      footer={<Button onClick={() => void download()}>{text.download}</Button>}
    >
      <p>
        {text.signStatus}：<Tag color={STATUS_COLOR[current]}>{eContractMessages.status[current]}</Tag>
      </p>
      {pdf.state === 'loading' && (
        <div role="status">
          <Spin size="small" /> {text.loading}
        </div>
      )}
      {pdf.state === 'failed' && <Alert type="warning" showIcon title={text.loadFailed} />}
      {pdf.state === 'ready' && <iframe className={styles.frame} title={name} src={pdf.url} />}
    </Modal>
  );
}
