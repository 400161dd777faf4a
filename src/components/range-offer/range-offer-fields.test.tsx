import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Form from 'antd/es/form';
import type { Holding } from '@contract/bills-schemas';
import type { Institution } from '@contract/institution-schemas';
import { pledgeMessages } from '@/locales/zh-CN/pledge';
import { RangeOfferFields, type RangeOffer, type RangeOfferText } from './range-offer-fields';

configure({ asyncUtilTimeout: 5000 });

// The 质押 page's words: any act's do.
const text: RangeOfferText = pledgeMessages;

const splittable = {
  id: 'h-1',
  packageNo: '730012345678901234567890123456',
  range: '000000000001-000100000000',
  amount: '1000000.00',
  dueDate: '2026-06-01',
  splittable: true,
} as unknown as Holding;
const whole = {
  ...splittable,
  id: 'h-2',
  packageNo: '730099999999999999999999999999',
  range: '0',
  amount: '3600.00',
  splittable: false,
} as unknown as Holding;
const institution = { orgId: 'i-1', name: '浦发银行（模拟）' } as Institution;

function renderFields(onFinish: (values: RangeOffer) => void) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <Form<RangeOffer> onFinish={onFinish}>
        <RangeOfferFields
          holdings={[splittable, whole]}
          holdingsLoading={false}
          institutions={[institution]}
          institutionsLoading={false}
          text={text}
        />
        <Button htmlType="submit">提交</Button>
      </Form>
    </ConfigProvider>,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('the front of a held bill offered to an institution', () => {
  it('fills the whole amount on choosing a bill, takes a front part, and sends the three together', async () => {
    const sent: RangeOffer[] = [];
    renderFields((values) => sent.push(values));
    await choose(
      '质押票据',
      text.holdingOption(splittable.packageNo, splittable.range, '1,000,000.00', '2026-06-01'),
    );
    expect(screen.getByLabelText('质押金额')).toHaveValue('1,000,000');
    fireEvent.change(screen.getByLabelText('质押金额'), { target: { value: '400,000' } });
    await choose('质权人', institution.name);
    fireEvent.click(screen.getByText('提交').closest('button')!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ holdingId: 'h-1', institutionOrgId: 'i-1' });
    expect(sent[0]!.amount.replaceAll(',', '')).toBe('400000');
  });

  it('takes a bill that may not be split whole only', async () => {
    renderFields(() => {});
    await choose('质押票据', text.holdingOption(whole.packageNo, whole.range, '3,600.00', '2026-06-01'));
    expect(await screen.findByText(text.wholeOnly)).toBeInTheDocument();
    expect(screen.getByLabelText('质押金额')).toBeDisabled();
    expect(screen.getByLabelText('质押金额')).toHaveValue('3,600');
  });

  it('asks for the bill, the amount and the institution before anything is sent', async () => {
    const sent: RangeOffer[] = [];
    renderFields((values) => sent.push(values));
    fireEvent.click(screen.getByText('提交').closest('button')!);
    expect(await screen.findByText(text.holdingRequired)).toBeInTheDocument();
    expect(screen.getByText(text.institutionRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
