import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { DEBTOR_ROLE_LABEL, RECOURSE_TEXT_MAX } from '@contract/recourse';
import type { SandboxPledge } from '@contract/pledge-schemas';
import { ActSummary } from '@/components/act-summary/act-summary';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountRules, amountText, normaliseAmount } from '@/components/amount-input/amount';
import { ClaimMakeUp, withCosts } from '@/components/recourse-claim/recourse-claim';
import { StandingAlerts } from '@/components/recourse-claim/recourse-columns';
import { recourseMessages } from '@/locales/zh-CN/recourse';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { formatYuan } from '@/utils/amount';
import {
  useSandboxNotifyRecourseMutation,
  useSandboxRecourseStandingQuery,
} from '@/features/sandbox/api/sandbox-api';
import { say } from './sandbox-say';
import styles from './sandbox.module.css';

const text = sandboxMessages;

interface NotifyForm {
  debtorOrgIds: string[];
  costs?: string;
  costsNote?: string;
}

/**
 * 发起追索 by the pledgee institution of a range refused at maturity, in its place (docs/domain.md, recourse
 * by a pledgee): the parties it may reach (never the pledgor), its costs, the claim made up as the notice
 * will ask it; then the summary to confirm, and the notices are sent.
 */
export function SandboxRecourseDialog({ pledge, onClose }: { pledge: SandboxPledge; onClose: () => void }) {
  const [form] = Form.useForm<NotifyForm>();
  const typedCosts = Form.useWatch('costs', form);
  const [confirming, setConfirming] = useState<NotifyForm | null>(null);
  const standing = useSandboxRecourseStandingQuery(pledge.id, { refetchOnMountOrArgChange: true });
  const [notify, notifying] = useSandboxNotifyRecourseMutation();
  const candidate = standing.isError ? undefined : standing.currentData;
  const made = candidate ? withCosts(candidate.claim, confirming ? confirming.costs : typedCosts) : null;

  const send = async (values: NotifyForm) => {
    const costs = normaliseAmount(values.costs ?? '');
    const result = await notify({
      pledgeId: pledge.id,
      debtorOrgIds: values.debtorOrgIds,
      ...(costs ? { costs: amountText(costs) } : {}),
      ...(values.costsNote?.trim() ? { costsNote: values.costsNote.trim() } : {}),
    });
    if ('data' in result) {
      say.success(text.notified(result.data?.length ?? values.debtorOrgIds.length));
      onClose();
    } else {
      // The request layer said why; the form stays as typed, to change and send again.
      setConfirming(null);
    }
  };

  const footer = confirming
    ? [
        <Button key="back" onClick={() => setConfirming(null)}>
          {text.previousStep}
        </Button>,
        <Button key="send" type="primary" loading={notifying.isLoading} onClick={() => void send(confirming)}>
          {text.confirmAct(text.notifyOperation)}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {text.cancel}
        </Button>,
        <Button
          key="next"
          type="primary"
          disabled={!candidate || candidate.parties.length === 0}
          onClick={() =>
            void form
              .validateFields()
              .then((values) => setConfirming(values))
              .catch(() => undefined)
          }
        >
          {text.notifyNext}
        </Button>,
      ];

  return (
    <Modal
      open
      title={confirming ? text.confirmAct(text.notifyOperation) : text.notifyTitle}
      footer={footer}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      {standing.isFetching && !candidate && <Spin />}
      {standing.isError && <Alert type="error" showIcon title={text.standingFailed} />}
      {candidate && made && (
        <>
          <div hidden={confirming !== null}>
            <p className={styles.cardIntro}>{text.notifyIntro}</p>
            <Descriptions
              size="small"
              column={2}
              className={styles.facts}
              items={[
                { key: 'pursuer', label: text.pursuer, children: pledge.institutionName },
                { key: 'pledgor', label: text.pledgor, children: pledge.pledgorName },
                { key: 'billNo', label: text.billNo, children: candidate.packageNo },
                { key: 'range', label: text.pledgeRange, children: candidate.range },
                { key: 'amount', label: text.amount, children: formatYuan(candidate.amount) },
                { key: 'maturity', label: text.maturity, children: candidate.dueDate },
                { key: 'since', label: text.since, children: candidate.since },
                { key: 'lastDay', label: text.lastDay, children: candidate.lastDay },
              ]}
            />
            <StandingAlerts
              standing={candidate}
              agreementPending={text.agreementPending}
              className={styles.facts}
            />
            <Form<NotifyForm> form={form} name="sandbox-recourse" layout="vertical">
              <Form.Item
                name="debtorOrgIds"
                label={text.debtors}
                // A validator, not `required`: the group is a plain element, which aria-required does not fit.
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      if (!Array.isArray(value) || value.length === 0) throw new Error(text.debtorsRequired);
                    },
                  },
                ]}
              >
                {candidate.parties.length === 0 ? (
                  <Typography.Text type="secondary">{text.noParties}</Typography.Text>
                ) : (
                  <Checkbox.Group
                    options={candidate.parties.map((p) => ({
                      value: p.orgId,
                      label:
                        recourseMessages.debtorOption(p.name, DEBTOR_ROLE_LABEL[p.role]) +
                        (p.guaranteed ? recourseMessages.guarantorOf(p.guaranteed.name) : ''),
                    }))}
                  />
                )}
              </Form.Item>
              <Form.Item name="costs" label={recourseMessages.costs} rules={amountRules({ minFen: 0 })}>
                <AmountInput
                  aria-label={recourseMessages.costs}
                  placeholder={recourseMessages.costsPlaceholder}
                />
              </Form.Item>
              <Form.Item name="costsNote" label={recourseMessages.costsNote}>
                <Input maxLength={RECOURSE_TEXT_MAX} />
              </Form.Item>
            </Form>
            <ClaimMakeUp claim={candidate.claim} costs={made.costs} total={made.total} />
            <p className={styles.claimNote}>{recourseMessages.claimNote}</p>
          </div>
          {confirming && (
            <>
              <Typography.Paragraph type="secondary">{text.notifyConfirmHint}</Typography.Paragraph>
              <div className={styles.facts}>
                <ActSummary
                  operation={text.notifyOperation}
                  packageNo={candidate.packageNo}
                  amount={made.total}
                  counterparty={candidate.parties
                    .filter((p) => confirming.debtorOrgIds.includes(p.orgId))
                    .map((p) => p.name)
                    .join('、')}
                  range={candidate.range}
                />
              </div>
              <ClaimMakeUp claim={candidate.claim} costs={made.costs} total={made.total} />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
