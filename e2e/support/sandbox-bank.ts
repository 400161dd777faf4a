import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Deposits `amount` (yuan) at the sandbox bank into the signed-in organisation's settlement account, so an
 * online payment from it cannot be refused for lack of funds: in a full run the banks journey binds 上海 a
 * new settlement account that holds nothing.
 */
export async function fundSettlementAccount(
  request: APIRequestContext,
  accessToken: string,
  amount: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const statement = await request.get('/api/organization/bank/account/statement?page=0&size=1', { headers });
  expect(statement.status()).toBe(200);
  const { account } = ((await statement.json()) as { data: { account: { accountNo: string } | null } }).data;
  expect(account).not.toBeNull();
  const deposit = await request.post('/api/sandbox/bank/settlement/deposit', {
    data: { accountNo: account!.accountNo, amount },
  });
  expect(deposit.status()).toBe(200);
}
