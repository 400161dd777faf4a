import { API_ERROR } from '@contract/errors';
import type { Db } from '../db/database';
import { ApiFailure } from '../lib/errors';
import { SandboxSmsGateway } from './sandbox-sms-gateway';

/** The SMS provider. A real provider replaces the sandbox in one file; nothing else changes. */
export interface SmsGateway {
  /** Delivers `text` to `mobile`; rejects when the provider refuses it. */
  send(mobile: string, text: string, businessCode?: number): Promise<void>;
}

const HTTP_SERVICE_UNAVAILABLE = 503;
const SMS_UNAVAILABLE = '短信服务暂不可用，请稍后重试';

/** No provider configured (SANDBOX=off and no real gateway yet): the send is refused, never silently dropped. */
class UnavailableSmsGateway implements SmsGateway {
  async send(): Promise<void> {
    throw new ApiFailure(HTTP_SERVICE_UNAVAILABLE, API_ERROR.internal, SMS_UNAVAILABLE);
  }
}

export function createSmsGateway(options: { sandbox: boolean; db: Db; now: () => number }): SmsGateway {
  return options.sandbox ? new SandboxSmsGateway(options.db, options.now) : new UnavailableSmsGateway();
}
