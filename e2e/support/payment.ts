import { expect, type APIRequestContext } from '@playwright/test';
import { actByQr } from './qr';

/**
 * The acceptor refuses, confirmed by QR, the presentation of `packageNo` that `presenter` made: chosen by its
 * presenter, since other ranges of the package (another journey's, on the same server) may wait beside it.
 */
export async function refusePresentation(
  request: APIRequestContext,
  acceptorToken: string,
  packageNo: string,
  presenter: string,
  reason: { code: string; text: string },
): Promise<void> {
  const presented = await request.get(
    `/api/scbill/payment/list?size=50&side=acceptor&state=pending&packageNo=${packageNo}`,
    { headers: { authorization: `Bearer ${acceptorToken}` } },
  );
  expect(presented.status()).toBe(200);
  const presentation = (
    (await presented.json()) as { data: { content: Array<{ id: string; presenter: { name: string } }> } }
  ).data.content.find((p) => p.presenter.name === presenter);
  expect(presentation, `${presenter}'s presentation of ${packageNo}`).toBeDefined();
  await actByQr(request, acceptorToken, `/api/scbill/payment/${presentation!.id}/refuse`, reason);
}
