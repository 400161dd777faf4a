import { invitationRefFromQuery } from '@/features/invitation/model/invitation-ref';
import {
  forgetPendingInvitation,
  readPendingInvitation,
  rememberPendingInvitation,
} from '@/features/invitation/model/pending-invitation';

const CODE = 'Abcdefghijklmnop_qrstu-0123456789';

describe('an invitation link followed before signing in', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads the organisation and code from the login route query, and nothing else', () => {
    expect(invitationRefFromQuery(`?code=${CODE}&orgId=ORG001&redirect=https://evil.example`)).toEqual({
      orgId: 'ORG001',
      code: CODE,
    });
  });

  it.each([
    ['no code', '?orgId=ORG001'],
    ['no organisation', `?code=${CODE}`],
    ['a short code', '?code=abc&orgId=ORG001'],
    ['a code with markup', `?code=${CODE}<script>&orgId=ORG001`],
    ['an organisation with a path', `?code=${CODE}&orgId=../ORG001`],
  ])('ignores a query with %s', (_, query) => {
    expect(invitationRefFromQuery(query)).toBeNull();
  });

  it('waits in this tab until it is read, and is gone once forgotten', () => {
    rememberPendingInvitation({ orgId: 'ORG001', code: CODE });
    expect(readPendingInvitation()).toEqual({ orgId: 'ORG001', code: CODE });
    forgetPendingInvitation();
    expect(readPendingInvitation()).toBeNull();
  });

  it('treats a tampered stored value as none', () => {
    sessionStorage.setItem('pendingInvitation', JSON.stringify({ orgId: 'ORG001', code: 'x' }));
    expect(readPendingInvitation()).toBeNull();
    sessionStorage.setItem('pendingInvitation', '{not json');
    expect(readPendingInvitation()).toBeNull();
  });
});
