import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import Button from 'antd/es/button';
import { Table } from '@/components/data-table/data-table';
import { BILL_EVENT, billRange } from '@contract/bills';
import type { BillDetail, BillEvent, BillFaceParty } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { amountInWords, formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { amountFen } from '@/components/amount-input/amount';
import styles from './bill-face.module.css';

const text = billMessages;

/** The body class under which only the face prints (bill-face.module.css). */
export const PRINTING_FACE_CLASS = 'printing-bill-face';

/**
 * Prints the face alone with the browser's print (to paper or PDF): a copy of the face is put at the root of
 * the page and the page is marked, so its print stylesheet shows that copy alone, whole, outside the drawer;
 * both go once printing is done.
 */
function usePrintFace() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const body = document.body;
    const done = () => {
      body.classList.remove(PRINTING_FACE_CLASS);
      setPrinting(false);
    };
    body.classList.add(PRINTING_FACE_CLASS);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      body.classList.remove(PRINTING_FACE_CLASS);
    };
  }, [printing]);
  return { printing, print: () => setPrinting(true) };
}

function Party({ role, party }: { role: string; party: BillFaceParty }) {
  return (
    <>
      <tr>
        <th rowSpan={3} scope="rowgroup" className={styles.role}>
          {role}
        </th>
        <th scope="row">全称</th>
        <td>{party.name}</td>
      </tr>
      <tr>
        <th scope="row">{text.accountNo}</th>
        <td>{party.accountNo ?? '--'}</td>
      </tr>
      <tr>
        <th scope="row">{text.bank}</th>
        <td>{party.bankName ?? '--'}</td>
      </tr>
    </>
  );
}

/** The acceptance of the chain: when the acceptor signed it, if it has. */
const acceptanceOf = (events: readonly BillEvent[]) =>
  events.find((e) => e.type === BILL_EVENT.signed && e.kind === 'acceptance');

/**
 * 票面: the bill as enterprises know it. The front names the parties with their accounts and banks, the
 * amount in figures and capitals, the dates, the package number and range, 不得转让, the acceptance and the
 * remark; the back lists every act on it in order. 打印票面 prints it alone.
 */
export function BillFace({ detail }: { detail: BillDetail }) {
  const { printing, print } = usePrintFace();
  return (
    <section className={styles.face} data-testid="bill-face" aria-label={text.face}>
      <div className={styles.toolbar}>
        <Button onClick={print}>{text.printFace}</Button>
      </div>
      <FaceSheet detail={detail} />
      {printing &&
        createPortal(
          <div className={styles.printRoot} data-testid="bill-face-print">
            <FaceSheet detail={detail} />
          </div>,
          document.body,
        )}
    </section>
  );
}

function FaceSheet({ detail }: { detail: BillDetail }) {
  const { bill, face, events } = detail;
  const accepted = acceptanceOf(events);
  const words = amountInWords(bill.amount);
  const faceFen = amountFen(bill.amount) ?? 0;
  return (
    <>
      <h3 className={styles.title}>{text.faceTitle}</h3>
      <p className={styles.side}>{text.faceFront}</p>
      <table className={styles.sheet}>
        <tbody>
          <tr>
            <th scope="row" colSpan={2}>
              {text.issueDate}
            </th>
            <td>{bill.issueDate}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.dueDate}
            </th>
            <td>{bill.dueDate}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.packageNo}
            </th>
            <td>{bill.packageNo}</td>
          </tr>
          <Party role={text.drawer} party={face.drawer} />
          <Party role={text.payee} party={face.payee} />
          <Party role={text.acceptor} party={face.acceptor} />
          <tr>
            <th scope="row" colSpan={2}>
              {text.amountFigures}
            </th>
            <td>{`${formatYuan(bill.amount)} 元`}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.amountWords}
            </th>
            <td>{words ? `人民币${words}` : '--'}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.range}
            </th>
            <td>{billRange(bill.splittable, 1, faceFen)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.noTransfer}
            </th>
            <td>{bill.noTransfer ? text.notTransferableMark : text.transferable}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.acceptance}
            </th>
            <td>
              {accepted
                ? `${text.acceptanceDone(face.acceptor.name)}（${formatDateTime(accepted.at)}）`
                : text.acceptancePending}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {text.remark}
            </th>
            <td>{bill.remark || '--'}</td>
          </tr>
        </tbody>
      </table>
      <p className={styles.side}>{text.faceBack}</p>
      <Table<BillEvent>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={events}
        locale={{ emptyText: text.noActs }}
        columns={[
          { title: '#', key: 'n', render: (_, __, i) => i + 1 },
          { title: text.operation, dataIndex: 'label', key: 'label' },
          { title: text.applicant, key: 'from', render: (_, e) => e.from?.name ?? '--' },
          { title: text.receiver, key: 'to', render: (_, e) => e.to?.name ?? '--' },
          { title: text.range, dataIndex: 'range', key: 'range' },
          { title: text.amount, key: 'amount', align: 'right', render: (_, e) => formatYuan(e.amount) },
          { title: text.actAt, key: 'at', render: (_, e) => formatDateTime(e.at) },
          { title: text.reason, key: 'reason', render: (_, e) => e.reason ?? '' },
        ]}
      />
    </>
  );
}
