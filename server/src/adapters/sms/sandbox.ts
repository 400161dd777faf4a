import { SMS_BUSINESS_CODE } from '@contract/constants';
import type { Db } from '../../db/database';
import { newId } from '../../lib/hash';
import type { SmsGateway, SmsMessage } from './gateway';

/** Sends nothing: every message lands in the `sms_outbox` table, read back through `GET /api/sandbox/sms`. */
export class SandboxSmsGateway implements SmsGateway {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async send({ mobile, text, businessCode = SMS_BUSINESS_CODE }: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ id: newId(), mobile, text, business_code: businessCode, created_at: this.now() })
      .execute();
  }
}
