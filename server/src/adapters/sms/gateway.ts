import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';

/**
 * The SMS provider. app.ts picks the implementation from the configuration: the sandbox (sandbox.ts), a
 * real provider (a file of its own in this folder), or none. Nothing else changes when one is added.
 */
export interface SmsMessage {
  mobile: string;
  /** The verification code: the one variable of a provider's approved template. */
  code: string;
  /** The whole message, as the sandbox records it and a provider without templates would send it. */
  text: string;
  businessCode?: number;
}

export interface SmsGateway {
  /** Delivers the message; rejects when the provider refuses it. */
  send(message: SmsMessage): Promise<void>;
}

const SMS_UNAVAILABLE = '短信服务暂不可用，请稍后重试';

/** The provider could not be reached or refused to send: the user may try again later. */
export const smsUnavailable = () => fail(API_ERROR.serviceUnavailable, SMS_UNAVAILABLE);

/** No provider configured (SANDBOX=off, SMS_PROVIDER=none): the send is refused, never silently dropped. */
export class UnavailableSmsGateway implements SmsGateway {
  async send(): Promise<void> {
    throw smsUnavailable();
  }
}
