import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';

/**
 * The SMS provider. app.ts picks the implementation from the configuration: the sandbox (sandbox.ts), a
 * real provider (a file of its own in this folder), or none. Nothing else changes when one is added.
 */
export interface SmsGateway {
  /** Delivers `text` to `mobile`; rejects when the provider refuses it. */
  send(mobile: string, text: string, businessCode?: number): Promise<void>;
}

const SMS_UNAVAILABLE = '短信服务暂不可用，请稍后重试';

/** No provider configured (SANDBOX=off and no real gateway yet): the send is refused, never silently dropped. */
export class UnavailableSmsGateway implements SmsGateway {
  async send(): Promise<void> {
    throw fail(API_ERROR.serviceUnavailable, SMS_UNAVAILABLE);
  }
}
