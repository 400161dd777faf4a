import { smsCodeOf } from '../../../../e2e/support/sms-outbox';
import { smsCodeText } from '../../../src/modules/sms/constants';

describe('the text of a code', () => {
  it('names the code after 验证码为, which the journeys read rather than the first digits of the text', () => {
    const text = smsCodeText(
      '004217',
      '贴现1,000,000.00元（2027-03-01到期，票据包号700000000000000000000000123456）',
    );
    expect(smsCodeOf(text)).toBe('004217');
    // What reading the first six digits gave: the package number's.
    expect(/(\d{6})/.exec(text)?.[1]).toBe('700000');
  });

  it('reads no code from a text that names none', () => {
    expect(smsCodeOf('【链票通】您的结算账户已入账1,000,000.00元')).toBeUndefined();
  });
});
